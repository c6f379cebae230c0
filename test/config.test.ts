import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig: limits, shutdown and CORS settings', () => {
  it('caps connections and requests in flight per client address, 0 turning a cap off', () => {
    expect(loadConfig({})).toMatchObject({ maxConnectionsPerAddress: 100, maxRequestsPerAddress: 100 });
    const config = loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0', MAX_REQUESTS_PER_ADDRESS: '8' });
    expect(config).toMatchObject({ maxConnectionsPerAddress: 0, maxRequestsPerAddress: 8 });
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });

  it('lets shared caches keep answers unless CACHE_PUBLIC is false', () => {
    expect(loadConfig({}).cachePublic).toBe(true);
    expect(loadConfig({ CACHE_PUBLIC: 'false' }).cachePublic).toBe(false);
  });

  it('reads CORS_ORIGINS as a comma-separated list', () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example,' });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('refuses a headers timeout longer than the request timeout, naming both settings', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ MAX_URL_LENGTH: 'long' })).toThrow(ConfigError);
  });
});

describe('loadConfig: Redis settings', () => {
  it('runs without Redis by default, and fails open when one is set', () => {
    expect(loadConfig({})).toMatchObject({
      redisUrl: null,
      redisKeyPrefix: 'rates:',
      redisFailureMode: 'open',
    });
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2', REDIS_FAILURE_MODE: 'Closed' });
    expect(config).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379/2', redisFailureMode: 'closed' });
  });

  it('refuses a URL that is not redis:// without echoing it (it may hold a password)', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://user:secret@host' })).toThrow(
      /REDIS_URL: .*a value not shown/,
    );
    expect(() => loadConfig({ REDIS_URL: 'http://user:secret@host' })).not.toThrow(/secret/);
    expect(() => loadConfig({ REDIS_FAILURE_MODE: 'maybe' })).toThrow(/REDIS_FAILURE_MODE/);
  });
});

describe('loadConfig: the settings table', () => {
  it('gives every setting its documented default from an empty environment', () => {
    const MiB = 1024 * 1024;
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      dataFileMode: 0o600,
      databaseUrl: 'sqlite:data/rates.db',
      databaseReadUrl: null,
      logLevel: 'info',
      bodyLimit: 65536,
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5000,
      connectionTimeoutMs: 60_000,
      maxHeaderSize: 16_384,
      maxUrlLength: 2048,
      maxConnections: 1000,
      maxConnectionsPerAddress: 100,
      maxRequestsPerAddress: 100,
      maxEventLoopDelayMs: 1000,
      shutdownTimeoutMs: 8000,
      corsOrigins: ['*'],
      adminPort: null,
      adminHost: '127.0.0.1',
      adminBodyLimit: 100 * MiB,
      metricsPort: null,
      metricsHost: '127.0.0.1',
      trustProxy: false,
      keyGuessLimit: 30,
      ipv6ClientPrefix: 64,
      usageFlushMs: 5000,
      cacheMaxBytes: 64 * MiB,
      cacheMaxAgeS: 60,
      cachePublic: true,
      navCacheMaxBytes: 64 * MiB,
      priceCacheMaxBytes: 64 * MiB,
      fxCacheMaxBytes: 32 * MiB,
      fundCacheMaxBytes: 8 * MiB,
      fundListCacheMaxBytes: 64 * MiB,
      keyCacheMaxEntries: 100_000,
      demoOnEmpty: true,
      demoSeed: 20260101,
      redisUrl: null,
      redisKeyPrefix: 'rates:',
      redisFailureMode: 'open',
      workers: 1,
      syncFrom: null,
      syncKey: '',
      syncIntervalMinutes: 15,
      syncRate: 50,
      syncConcurrency: 4,
      syncTimeoutMs: 30_000,
      syncMaxAnswerBytes: 32 * MiB,
      syncRetries: 5,
      syncMaxRetryWaitMs: 120_000,
      syncWindowDays: 7,
      syncFundsPerBatch: 50,
      portal: 'open',
      portalContact: null,
      rateLimitWarning: 100,
      requestLogMaxRows: 10_000,
      publicUrl: null,
      smtpUrl: null,
      mailFrom: 'Rates data service <no-reply@localhost>',
      connectors: [],
      botApiUrl: 'https://gateway.api.bot.or.th',
      botApiToken: '',
      botBank: '',
      botDepositRate: 'max',
      botFxSchedule: '18:30',
      botRatesSchedule: '14:30',
      secApiUrl: 'https://api.sec.or.th',
      secFactsheetKey: '',
      secDailyinfoKey: '',
      secFundsSchedule: '22:00',
      secAmcs: [],
      secRateLimit: { calls: 3000, seconds: 300 },
      connectTimeoutMs: 60_000,
      connectRetries: 4,
      connectMaxAnswerBytes: 32 * MiB,
      connectCorrectionDays: 10,
    });
  });

  it('reads each kind of value from its variable, an empty one counting as unset', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/rates',
      DATA_FILE_MODE: '640',
      ADMIN_PORT: '9091',
      TRUST_PROXY: '2',
      DEMO_ON_EMPTY: 'no',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 9090,
      databaseUrl: 'sqlite:/srv/rates/rates.db',
      dataFileMode: 0o640,
      adminPort: 9091,
      adminHost: '0.0.0.0',
      metricsHost: '0.0.0.0',
      trustProxy: 2,
      demoOnEmpty: false,
      logLevel: 'info',
    });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
  });

  it('names each bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'http', DATA_FILE_MODE: '0400', ADMIN_PORT: '70000' })).toThrow(
      /PORT: .*'http'[\s\S]*ADMIN_PORT: .*'70000'[\s\S]*DATA_FILE_MODE: the owner must be able to read and write/,
    );
  });
});
