import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig: limits, shutdown and CORS settings', () => {
  it('has defaults that suit a service exposed directly', () => {
    expect(loadConfig({})).toMatchObject({
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5000,
      connectionTimeoutMs: 60_000,
      maxHeaderSize: 16_384,
      maxUrlLength: 2048,
      maxConnections: 1000,
      maxEventLoopDelayMs: 1000,
      shutdownTimeoutMs: 8000,
      corsOrigins: ['*'],
    });
  });

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
