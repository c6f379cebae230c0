import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DEFAULT_FILE_MODE } from './store/data-files.js';

/** Every setting, read from the environment once at start; see the README's settings table. */
const ConfigSchema = Type.Object({
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  host: Type.String({ minLength: 1 }),
  dataDir: Type.String({ minLength: 1 }),
  dataFileMode: Type.Integer({ minimum: 0, maximum: 0o777 }),
  databaseUrl: Type.String({ minLength: 1 }),
  databaseReadUrl: Type.Union([Type.String({ pattern: '^postgres(ql)?://' }), Type.Null()]),
  logLevel: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
  ),
  bodyLimit: Type.Integer({ minimum: 1024, maximum: 100 * 1024 * 1024 }),
  requestTimeoutMs: Type.Integer({ minimum: 1000 }),
  headersTimeoutMs: Type.Integer({ minimum: 100 }),
  keepAliveTimeoutMs: Type.Integer({ minimum: 100 }),
  connectionTimeoutMs: Type.Integer({ minimum: 0 }),
  maxHeaderSize: Type.Integer({ minimum: 1024, maximum: 1024 * 1024 }),
  maxUrlLength: Type.Integer({ minimum: 256 }),
  maxConnections: Type.Integer({ minimum: 1 }),
  maxConnectionsPerAddress: Type.Integer({ minimum: 0 }),
  maxRequestsPerAddress: Type.Integer({ minimum: 0 }),
  maxEventLoopDelayMs: Type.Integer({ minimum: 0 }),
  shutdownTimeoutMs: Type.Integer({ minimum: 0, maximum: 60_000 }),
  corsOrigins: Type.Array(Type.String({ minLength: 1 })),
  adminPort: Type.Union([Type.Integer({ minimum: 0, maximum: 65535 }), Type.Null()]),
  adminHost: Type.String({ minLength: 1 }),
  adminBodyLimit: Type.Integer({ minimum: 1024 }),
  metricsPort: Type.Union([Type.Integer({ minimum: 0, maximum: 65535 }), Type.Null()]),
  metricsHost: Type.String({ minLength: 1 }),
  trustProxy: Type.Union([Type.Boolean(), Type.Integer({ minimum: 1 }), Type.String({ minLength: 1 })]),
  keyGuessLimit: Type.Integer({ minimum: 1 }),
  usageFlushMs: Type.Integer({ minimum: 100 }),
  cacheMaxBytes: Type.Integer({ minimum: 0 }),
  navCacheMaxBytes: Type.Integer({ minimum: 0 }),
  priceCacheMaxBytes: Type.Integer({ minimum: 0 }),
  fxCacheMaxBytes: Type.Integer({ minimum: 0 }),
  cacheMaxAgeS: Type.Integer({ minimum: 0 }),
  cachePublic: Type.Boolean(),
  demoOnEmpty: Type.Boolean(),
  demoSeed: Type.Integer(),
  redisUrl: Type.Union([Type.String({ pattern: '^rediss?://' }), Type.Null()]),
  redisKeyPrefix: Type.String({ minLength: 1, maxLength: 100 }),
  redisFailureMode: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  workers: Type.Integer({ minimum: 1, maximum: 256 }),
});

export type Config = Static<typeof ConfigSchema>;

/** Defaults of the connection limits, shared with apps built without a full config (tests). */
export const LIMIT_DEFAULTS = {
  // Node's own default is 60 s: far too long for a client that trickles its headers in.
  headersTimeoutMs: 10_000,
  // Node's default. Behind a load balancer set it above the balancer's idle timeout.
  keepAliveTimeoutMs: 5000,
  // A socket with no traffic either way (e.g. a client that stopped reading the answer).
  connectionTimeoutMs: 60_000,
  maxHeaderSize: 16 * 1024,
  maxUrlLength: 2048,
  maxConnections: 1000,
  // A tenth of the connections per client address, so one address cannot lock everyone out; 0: no cap.
  // Connections from a trusted proxy (TRUST_PROXY) are not capped: they carry many clients.
  maxConnectionsPerAddress: 100,
  // Behind a trusted proxy, requests in flight per forwarded client address (429 beyond); 0: no cap.
  maxRequestsPerAddress: 100,
  // Mean event-loop delay over a one-second sample above which calls get 503; 0 turns it off.
  maxEventLoopDelayMs: 1000,
} as const;

const ENV_NAMES: Record<keyof Config, string> = {
  port: 'PORT',
  host: 'HOST',
  dataDir: 'DATA_DIR',
  dataFileMode: 'DATA_FILE_MODE',
  databaseUrl: 'DATABASE_URL',
  databaseReadUrl: 'DATABASE_READ_URL',
  logLevel: 'LOG_LEVEL',
  bodyLimit: 'BODY_LIMIT',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  headersTimeoutMs: 'HEADERS_TIMEOUT_MS',
  keepAliveTimeoutMs: 'KEEP_ALIVE_TIMEOUT_MS',
  connectionTimeoutMs: 'CONNECTION_TIMEOUT_MS',
  maxHeaderSize: 'MAX_HEADER_SIZE',
  maxUrlLength: 'MAX_URL_LENGTH',
  maxConnections: 'MAX_CONNECTIONS',
  maxConnectionsPerAddress: 'MAX_CONNECTIONS_PER_ADDRESS',
  maxRequestsPerAddress: 'MAX_REQUESTS_PER_ADDRESS',
  maxEventLoopDelayMs: 'MAX_EVENT_LOOP_DELAY_MS',
  shutdownTimeoutMs: 'SHUTDOWN_TIMEOUT_MS',
  corsOrigins: 'CORS_ORIGINS',
  adminPort: 'ADMIN_PORT',
  adminHost: 'ADMIN_HOST',
  adminBodyLimit: 'ADMIN_BODY_LIMIT',
  metricsPort: 'METRICS_PORT',
  metricsHost: 'METRICS_HOST',
  trustProxy: 'TRUST_PROXY',
  keyGuessLimit: 'KEY_GUESS_LIMIT',
  usageFlushMs: 'USAGE_FLUSH_MS',
  cacheMaxBytes: 'CACHE_MAX_BYTES',
  navCacheMaxBytes: 'NAV_CACHE_MAX_BYTES',
  priceCacheMaxBytes: 'PRICE_CACHE_MAX_BYTES',
  fxCacheMaxBytes: 'FX_CACHE_MAX_BYTES',
  cacheMaxAgeS: 'CACHE_MAX_AGE_S',
  cachePublic: 'CACHE_PUBLIC',
  demoOnEmpty: 'DEMO_ON_EMPTY',
  demoSeed: 'DEMO_SEED',
  redisUrl: 'REDIS_URL',
  redisKeyPrefix: 'REDIS_KEY_PREFIX',
  redisFailureMode: 'REDIS_FAILURE_MODE',
  workers: 'WORKERS',
};

export class ConfigError extends Error {}

function number(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  return /^-?[0-9]+$/.test(value) ? Number(value) : Number.NaN;
}

/** TRUST_PROXY: true/false, a number of proxy hops, or the proxies' addresses separated by commas. */
function trustProxy(value: string | undefined): boolean | number | string {
  const text = (value ?? '').trim();
  if (['', '0', 'false', 'no'].includes(text.toLowerCase())) return false;
  if (['true', 'yes'].includes(text.toLowerCase())) return true;
  return /^[0-9]+$/.test(text) ? Number(text) : text;
}

/** WORKERS: a number of processes, or `auto` for one per core the process may use. */
function workers(value: string | undefined): number {
  if (value?.trim().toLowerCase() === 'auto') return availableParallelism();
  return number(value?.trim(), 1);
}

/** DATA_FILE_MODE: three octal digits, as chmod takes them (0600 or 600). */
function fileMode(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_FILE_MODE;
  return /^0?[0-7]{3}$/.test(value.trim()) ? parseInt(value.trim(), 8) : Number.NaN;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = env.DATA_DIR || './data';
  const candidate = {
    port: number(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    dataFileMode: fileMode(env.DATA_FILE_MODE),
    databaseUrl: env.DATABASE_URL || `sqlite:${join(dataDir, 'rates.db')}`,
    // A PostgreSQL replica for the API's reads; imports, keys and usage stay on DATABASE_URL.
    databaseReadUrl: env.DATABASE_READ_URL || null,
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimit: number(env.BODY_LIMIT, 64 * 1024),
    requestTimeoutMs: number(env.REQUEST_TIMEOUT_MS, 30_000),
    headersTimeoutMs: number(env.HEADERS_TIMEOUT_MS, LIMIT_DEFAULTS.headersTimeoutMs),
    keepAliveTimeoutMs: number(env.KEEP_ALIVE_TIMEOUT_MS, LIMIT_DEFAULTS.keepAliveTimeoutMs),
    connectionTimeoutMs: number(env.CONNECTION_TIMEOUT_MS, LIMIT_DEFAULTS.connectionTimeoutMs),
    maxHeaderSize: number(env.MAX_HEADER_SIZE, LIMIT_DEFAULTS.maxHeaderSize),
    maxUrlLength: number(env.MAX_URL_LENGTH, LIMIT_DEFAULTS.maxUrlLength),
    maxConnections: number(env.MAX_CONNECTIONS, LIMIT_DEFAULTS.maxConnections),
    maxConnectionsPerAddress: number(
      env.MAX_CONNECTIONS_PER_ADDRESS,
      LIMIT_DEFAULTS.maxConnectionsPerAddress,
    ),
    maxRequestsPerAddress: number(env.MAX_REQUESTS_PER_ADDRESS, LIMIT_DEFAULTS.maxRequestsPerAddress),
    maxEventLoopDelayMs: number(env.MAX_EVENT_LOOP_DELAY_MS, LIMIT_DEFAULTS.maxEventLoopDelayMs),
    shutdownTimeoutMs: number(env.SHUTDOWN_TIMEOUT_MS, 8000),
    corsOrigins: (env.CORS_ORIGINS || '*')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    adminPort: env.ADMIN_PORT ? number(env.ADMIN_PORT, 0) : null,
    adminHost: env.ADMIN_HOST || env.HOST || '127.0.0.1',
    adminBodyLimit: number(env.ADMIN_BODY_LIMIT, 100 * 1024 * 1024),
    metricsPort: env.METRICS_PORT ? number(env.METRICS_PORT, 0) : null,
    metricsHost: env.METRICS_HOST || env.HOST || '127.0.0.1',
    trustProxy: trustProxy(env.TRUST_PROXY),
    keyGuessLimit: number(env.KEY_GUESS_LIMIT, 30),
    usageFlushMs: number(env.USAGE_FLUSH_MS, 5000),
    cacheMaxBytes: number(env.CACHE_MAX_BYTES, 64 * 1024 * 1024),
    navCacheMaxBytes: number(env.NAV_CACHE_MAX_BYTES, 64 * 1024 * 1024),
    priceCacheMaxBytes: number(env.PRICE_CACHE_MAX_BYTES, 64 * 1024 * 1024),
    fxCacheMaxBytes: number(env.FX_CACHE_MAX_BYTES, 32 * 1024 * 1024),
    cacheMaxAgeS: number(env.CACHE_MAX_AGE_S, 60),
    cachePublic: !['0', 'false', 'no'].includes((env.CACHE_PUBLIC ?? 'true').toLowerCase()),
    demoOnEmpty: !['0', 'false', 'no'].includes((env.DEMO_ON_EMPTY ?? 'true').toLowerCase()),
    demoSeed: number(env.DEMO_SEED, 20260101),
    // Several nodes share limit counters and change notices through Redis; without it, each counts alone.
    redisUrl: env.REDIS_URL || null,
    // Several deployments (or test runs) may share one Redis: every key and channel starts with this.
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'rates:',
    // Open by default: the data is read-only and published, so serving unmetered for a while is a
    // smaller harm than refusing every client while an auxiliary store is down (see the README).
    redisFailureMode: (env.REDIS_FAILURE_MODE || 'open').toLowerCase(),
    // Processes serving the one port (src/cluster); 1 is a single process with no cluster primary.
    workers: workers(env.WORKERS),
  };
  const errors = [...Value.Errors(ConfigSchema, candidate)];
  // Settings that are wrong only together. Node refuses a headers timeout longer than the request timeout (which covers headers and body).
  const together: string[] = [];
  if (candidate.headersTimeoutMs > candidate.requestTimeoutMs) {
    together.push(
      `HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS (got '${candidate.headersTimeoutMs}')`,
    );
  }
  // The service itself must read and write its database.
  if (Number.isInteger(candidate.dataFileMode) && (candidate.dataFileMode & 0o600) !== 0o600) {
    together.push(`DATA_FILE_MODE: the owner must be able to read and write (got '${env.DATA_FILE_MODE}')`);
  }
  // A replica only makes sense beside a PostgreSQL primary.
  if (candidate.databaseReadUrl !== null && !/^postgres(ql)?:\/\//i.test(candidate.databaseUrl)) {
    together.push(`DATABASE_READ_URL: needs a PostgreSQL DATABASE_URL (got '${candidate.databaseUrl}')`);
  }
  if (errors.length > 0 || together.length > 0) {
    const lines = errors.map((e) => {
      const key = e.path.slice(1) as keyof Config;
      // A Redis URL may carry a password: never echo it.
      const got = key === 'redisUrl' ? 'a value not shown' : `'${env[ENV_NAMES[key]] ?? ''}'`;
      return `${ENV_NAMES[key] ?? key}: ${e.message} (got ${got})`;
    });
    throw new ConfigError(`Invalid settings:\n  ${[...new Set([...lines, ...together])].join('\n  ')}`);
  }
  return candidate as Config;
}
