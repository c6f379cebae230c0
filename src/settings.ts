import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * Every setting of the service, in one table: its environment variable, the type it must have, its
 * default and what it means. The config parser (src/config.ts), the defaults every part of the app
 * uses, and the settings table of docs/settings.md (`npm run docs`) are all made from it, so
 * adding a setting is adding one row here.
 */
export interface Setting<S extends TSchema = TSchema> {
  env: string;
  /** The type and bounds a value must have (checked at start; a bad value stops the start). */
  schema: S;
  /** What the docs call the type. */
  type: string;
  /** How the variable's text becomes a value; a value that cannot be read becomes NaN or stays text, for the schema to refuse. */
  parse: (text: string) => unknown;
  /** The value when the variable is unset or empty: fixed, or made from the settings above it. */
  default: Static<S> | ((above: Record<string, unknown>) => Static<S>);
  /** How the docs show the default, when not the value itself. */
  shownDefault?: string;
  description: string;
  /** A value that may hold a password: never echoed in an error. */
  secret?: boolean;
}

/** A list setting's text: its items separated by commas, blanks around them and empty ones left out. */
const commaList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
const integerText = (text: string) => (/^-?[0-9]+$/.test(text) ? Number(text) : Number.NaN);
const verbatim = (text: string) => text;
/** Anything but 0, false and no (any case) is true. */
const flagText = (text: string) => !['0', 'false', 'no'].includes(text.toLowerCase());
const MiB = 1024 * 1024;

function integer(
  env: string,
  defaultValue: number,
  bounds: { minimum?: number; maximum?: number },
  description: string,
): Setting<ReturnType<typeof Type.Integer>> {
  const { minimum: min, maximum: max } = bounds;
  const type =
    min !== undefined && max !== undefined
      ? `integer ${min}–${max}`
      : min !== undefined
        ? `integer ≥ ${min}`
        : 'integer';
  return { env, schema: Type.Integer(bounds), type, parse: integerText, default: defaultValue, description };
}

function text(
  env: string,
  defaultValue: string | ((above: Record<string, unknown>) => string),
  description: string,
  extra: { shownDefault?: string; maxLength?: number } = {},
): Setting<ReturnType<typeof Type.String>> {
  const { shownDefault, maxLength } = extra;
  return {
    env,
    schema: Type.String({ minLength: 1, ...(maxLength === undefined ? {} : { maxLength }) }),
    type: 'text',
    parse: verbatim,
    default: defaultValue,
    shownDefault,
    description,
  };
}

function flag(
  env: string,
  defaultValue: boolean,
  description: string,
): Setting<ReturnType<typeof Type.Boolean>> {
  return {
    env,
    schema: Type.Boolean(),
    type: 'true/false',
    parse: flagText,
    default: defaultValue,
    description,
  };
}

/** A port of a listener of its own, or null (unset: no listener of its own). */
function optionalPort(env: string, description: string) {
  return {
    env,
    schema: Type.Union([Type.Integer({ minimum: 0, maximum: 65535 }), Type.Null()]),
    type: 'integer 0–65535',
    parse: integerText,
    default: null,
    description,
  } satisfies Setting;
}

/** A URL of a given scheme, or null (unset). */
function optionalUrl(env: string, pattern: string, type: string, description: string, secret = false) {
  return {
    env,
    schema: Type.Union([Type.String({ pattern }), Type.Null()]),
    type,
    parse: verbatim,
    default: null,
    description,
    secret,
  } satisfies Setting;
}

/** An upstream's address (SYNC_FROM, `rates sync --from`): http(s) and a host. */
export const HTTP_URL = '^https?://[^\\s/]+';

/** The connectors `rates connect` knows (src/connectors/), for CONNECTORS. */
export const CONNECTOR_NAMES = ['bot-fx', 'bot-rates', 'sec-funds'] as const;

/** A credential: empty when unset; never echoed in an error, a log line or /metrics. */
function secretText(env: string, description: string) {
  return {
    env,
    schema: Type.String(),
    type: 'text',
    parse: verbatim,
    default: '',
    shownDefault: '(none)',
    description,
    secret: true,
  } satisfies Setting;
}

/** A time of day `HH:MM` (24 h). */
function clockTime(env: string, defaultValue: string, description: string) {
  return {
    env,
    schema: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
    type: 'HH:MM',
    parse: (text: string) => text.trim(),
    default: defaultValue,
    description,
  } satisfies Setting;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const SETTINGS = {
  port: integer('PORT', 8080, { minimum: 0, maximum: 65535 }, 'TCP port'),
  host: text('HOST', '127.0.0.1', 'Interface to listen on (`0.0.0.0` for all)'),
  dataDir: text('DATA_DIR', './data', 'Folder of the database and `demo-key.txt`'),
  dataFileMode: {
    env: 'DATA_FILE_MODE',
    schema: Type.Integer({ minimum: 0, maximum: 0o777 }),
    type: 'octal mode',
    // Three octal digits, as chmod takes them (0600 or 600).
    parse: (text: string) => (/^0?[0-7]{3}$/.test(text.trim()) ? parseInt(text.trim(), 8) : Number.NaN),
    // Owner-only: the database holds key hashes and usage.
    default: 0o600,
    shownDefault: '0600',
    description: 'Mode of the SQLite database and backups it makes (folder: `0700`)',
  },
  databaseUrl: text(
    'DATABASE_URL',
    (above) => `sqlite:${join(String(above.dataDir), 'rates.db')}`,
    'The database: `sqlite:<path>`, or `postgres://user@host:5432/db`',
    { shownDefault: 'sqlite:$DATA_DIR/rates.db' },
  ),
  // A PostgreSQL replica for the API's reads; imports, keys and usage stay on DATABASE_URL.
  databaseReadUrl: optionalUrl(
    'DATABASE_READ_URL',
    '^postgres(ql)?://',
    'URL',
    'PostgreSQL replica the API reads from (imports, keys, usage: primary)',
  ),
  logLevel: {
    env: 'LOG_LEVEL',
    schema: Type.Union(LOG_LEVELS.map((l) => Type.Literal(l))),
    type: 'one of the levels',
    parse: verbatim,
    default: 'info',
    description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
  },
  bodyLimit: integer(
    'BODY_LIMIT',
    64 * 1024,
    { minimum: 1024, maximum: 100 * MiB },
    'Largest request body, in bytes (413 beyond)',
  ),
  requestTimeoutMs: integer(
    'REQUEST_TIMEOUT_MS',
    30_000,
    { minimum: 1000 },
    'Longest time to receive a whole request (408 beyond)',
  ),
  // Node's own default is 60 s: far too long for a client that trickles its headers in.
  headersTimeoutMs: integer(
    'HEADERS_TIMEOUT_MS',
    10_000,
    { minimum: 100 },
    'Longest time to receive the request headers (408 beyond; ≤ the above)',
  ),
  // Node's default. Behind a load balancer set it above the balancer's idle timeout.
  keepAliveTimeoutMs: integer(
    'KEEP_ALIVE_TIMEOUT_MS',
    5000,
    { minimum: 100 },
    'Idle keep-alive connections close after this',
  ),
  // A socket with no traffic either way (e.g. a client that stopped reading the answer).
  connectionTimeoutMs: integer(
    'CONNECTION_TIMEOUT_MS',
    60_000,
    { minimum: 0 },
    'A connection with no traffic either way closes after this (0: never)',
  ),
  maxHeaderSize: integer(
    'MAX_HEADER_SIZE',
    16 * 1024,
    { minimum: 1024, maximum: MiB },
    'Largest request line plus headers, in bytes (431 beyond)',
  ),
  maxUrlLength: integer(
    'MAX_URL_LENGTH',
    2048,
    { minimum: 256 },
    'Longest URL, path and query, in characters (414 beyond)',
  ),
  maxConnections: integer(
    'MAX_CONNECTIONS',
    1000,
    { minimum: 1 },
    'Open connections per listener; at the cap an idle one makes room',
  ),
  // A tenth of the connections per client address, so one address cannot lock everyone out.
  // Connections from a trusted proxy (TRUST_PROXY) are not capped: they carry many clients.
  maxConnectionsPerAddress: integer(
    'MAX_CONNECTIONS_PER_ADDRESS',
    100,
    { minimum: 0 },
    "Open connections per client address (not a trusted proxy's); 0: any",
  ),
  maxRequestsPerAddress: integer(
    'MAX_REQUESTS_PER_ADDRESS',
    100,
    { minimum: 0 },
    'Behind `TRUST_PROXY`: requests in flight per forwarded address (429); 0: any',
  ),
  maxEventLoopDelayMs: integer(
    'MAX_EVENT_LOOP_DELAY_MS',
    1000,
    { minimum: 0 },
    'Mean event-loop delay over 1 s above which calls get 503 (0: off)',
  ),
  shutdownTimeoutMs: integer(
    'SHUTDOWN_TIMEOUT_MS',
    8000,
    { minimum: 0, maximum: 60_000 },
    'How long SIGTERM/SIGINT waits for requests in flight',
  ),
  corsOrigins: {
    env: 'CORS_ORIGINS',
    schema: Type.Array(Type.String({ minLength: 1 })),
    type: 'list',
    parse: commaList,
    default: ['*'],
    description: 'Origins allowed to call `/api/` from a browser, comma-separated',
  },
  adminPort: optionalPort('ADMIN_PORT', 'Serve the admin API only on this port (unset: on the main port)'),
  adminHost: text('ADMIN_HOST', (above) => String(above.host), 'Interface of the admin listener', {
    shownDefault: '$HOST',
  }),
  adminBodyLimit: integer(
    'ADMIN_BODY_LIMIT',
    100 * MiB,
    { minimum: 1024 },
    'Largest admin batch body, in bytes',
  ),
  metricsPort: optionalPort(
    'METRICS_PORT',
    'Serve `/metrics` on this port only (unset: on `PORT`, loopback only)',
  ),
  metricsHost: text('METRICS_HOST', (above) => String(above.host), 'Interface of the metrics listener', {
    shownDefault: '$HOST',
  }),
  trustProxy: {
    env: 'TRUST_PROXY',
    schema: Type.Union([Type.Boolean(), Type.Integer({ minimum: 1 }), Type.String({ minLength: 1 })]),
    type: 'true/false, hops or addresses',
    // true/false, a number of proxy hops, or the proxies' addresses separated by commas.
    parse: (value: string): boolean | number | string => {
      const text = value.trim();
      if (['', '0', 'false', 'no'].includes(text.toLowerCase())) return false;
      if (['true', 'yes'].includes(text.toLowerCase())) return true;
      return /^[0-9]+$/.test(text) ? Number(text) : text;
    },
    default: false as boolean | number | string,
    description: "Behind a proxy: `true`, a hop count or the proxies' addresses",
  },
  keyGuessLimit: integer(
    'KEY_GUESS_LIMIT',
    30,
    { minimum: 1 },
    'Unknown keys per minute from one address before 429 (5 minutes)',
  ),
  ipv6ClientPrefix: integer(
    'IPV6_CLIENT_PREFIX',
    64,
    { minimum: 1, maximum: 128 },
    // Keyless calls and unknown keys are limited per client: one subscriber gets a whole /64 (or more).
    'IPv6 prefix length that is one client for per-address limits (IPv4: each address)',
  ),
  usageFlushMs: integer(
    'USAGE_FLUSH_MS',
    5000,
    { minimum: 100 },
    'How often counted usage is written to the database',
  ),
  rateLimitWarning: integer(
    'RATE_LIMIT_WARNING',
    100,
    { minimum: 1 },
    'Calls of a portal subscription refused by its rate limit in an hour past which its developer is mailed (once a day)',
  ),
  requestLogMaxRows: integer(
    'REQUEST_LOG_MAX_ROWS',
    10_000,
    { minimum: 0 },
    "Calls kept in each subscription's request log in the portal (its newest, of the last 30 days; 0: no log)",
  ),
  cacheMaxBytes: integer(
    'CACHE_MAX_BYTES',
    64 * MiB,
    { minimum: 0 },
    'Memory for cached API answers (0 turns the cache off)',
  ),
  cacheMaxAgeS: integer(
    'CACHE_MAX_AGE_S',
    60,
    { minimum: 0 },
    '`Cache-Control` max-age of API answers, for browsers and CDNs',
  ),
  cachePublic: flag('CACHE_PUBLIC', true, '`false` keeps answers out of shared caches (`private`)'),
  navCacheMaxBytes: integer(
    'NAV_CACHE_MAX_BYTES',
    64 * MiB,
    { minimum: 0 },
    "Memory for funds' NAV series behind the statistics (0: scan instead)",
  ),
  priceCacheMaxBytes: integer(
    'PRICE_CACHE_MAX_BYTES',
    64 * MiB,
    { minimum: 0 },
    "Memory for funds' price histories behind 4.1 and 4.3 (0: query each)",
  ),
  fxCacheMaxBytes: integer(
    'FX_CACHE_MAX_BYTES',
    32 * MiB,
    { minimum: 0 },
    "Memory for families' daily FX series behind downloads (0: query each)",
  ),
  fundCacheMaxBytes: integer(
    'FUND_CACHE_MAX_BYTES',
    8 * MiB,
    { minimum: 0 },
    'Memory for funds looked up by the code asked, 1 kB each (0: read each)',
  ),
  fundListCacheMaxBytes: integer(
    'FUND_LIST_CACHE_MAX_BYTES',
    64 * MiB,
    { minimum: 0 },
    'Memory for the listing of every fund behind 4.4 (0: read each)',
  ),
  // A subscription read once per key and change of any subscription; beyond the bound the oldest goes.
  keyCacheMaxEntries: integer(
    'KEY_CACHE_MAX_ENTRIES',
    100_000,
    { minimum: 1 },
    'Subscriptions kept in memory by key (the oldest is read again beyond)',
  ),
  demoOnEmpty: flag(
    'DEMO_ON_EMPTY',
    true,
    'Load the demo dataset and make a demo key when the database is empty',
  ),
  demoSeed: integer('DEMO_SEED', 20260101, {}, 'Seed of the demo dataset'),
  // Several nodes share limit counters and change notices through Redis; without it, each counts alone.
  redisUrl: optionalUrl(
    'REDIS_URL',
    '^rediss?://',
    'URL',
    '`redis://[:pw@]host:port[/db]`: one Redis shared by all nodes (docs/deployment.md)',
    true,
  ),
  // Several deployments (or test runs) may share one Redis: every key and channel starts with this.
  redisKeyPrefix: text(
    'REDIS_KEY_PREFIX',
    'rates:',
    'Start of every Redis key and channel (deployments may share a Redis)',
    { maxLength: 100 },
  ),
  // Open by default: the data is read-only and published, so serving unmetered for a while is a
  // smaller harm than refusing every client while an auxiliary store is down (docs/deployment.md).
  redisFailureMode: {
    env: 'REDIS_FAILURE_MODE',
    schema: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
    type: '`open` or `closed`',
    parse: (text: string) => text.toLowerCase(),
    default: 'open',
    description: 'Redis unreachable: `open` serves unmetered, `closed` answers 503',
  },
  // Processes serving the one port (src/cluster); 1 is a single process with no cluster primary.
  workers: {
    env: 'WORKERS',
    schema: Type.Integer({ minimum: 1, maximum: 256 }),
    type: 'integer 1–256 or `auto`',
    // `auto`: one per core the process may use.
    parse: (text: string) => {
      const value = text.trim();
      if (value.toLowerCase() === 'auto') return availableParallelism();
      return value === '' ? 1 : integerText(value);
    },
    default: 1,
    description: 'Processes serving the port (`auto`: one per core); see docs/deployment.md',
  },
  // `rates serve` mirrors a running service of this interface when SYNC_FROM is set (docs/sync.md);
  // `rates sync` takes the same settings, its options over them.
  syncFrom: optionalUrl(
    'SYNC_FROM',
    HTTP_URL,
    'URL',
    'Upstream service to sync from (`https://host`); unset: no sync job (docs/sync.md)',
  ),
  syncKey: {
    env: 'SYNC_KEY',
    schema: Type.String(),
    type: 'text',
    parse: verbatim,
    default: '',
    shownDefault: '(none)',
    description: 'Subscription key at the upstream (kept out of logs and of the process list)',
    secret: true,
  },
  syncIntervalMinutes: integer(
    'SYNC_INTERVAL_MINUTES',
    15,
    { minimum: 1 },
    'Minutes between the end of a sync and the next',
  ),
  syncRate: integer(
    'SYNC_RATE',
    50,
    { minimum: 0 },
    'Requests per second to the upstream at most (0: no limit)',
  ),
  syncConcurrency: integer(
    'SYNC_CONCURRENCY',
    4,
    { minimum: 1, maximum: 64 },
    'Requests to the upstream in flight at most',
  ),
  syncTimeoutMs: integer(
    'SYNC_TIMEOUT_MS',
    30_000,
    { minimum: 100 },
    'Time for one request to the upstream, its whole answer included',
  ),
  syncMaxAnswerBytes: integer(
    'SYNC_MAX_ANSWER_BYTES',
    32 * MiB,
    { minimum: 1024 },
    'Bytes of one upstream answer at most, 32 more for each of its values; a larger one fails the run (docs/sync.md)',
  ),
  syncRetries: integer(
    'SYNC_RETRIES',
    5,
    { minimum: 0 },
    'Tries after the first of a failed request (back-off doubling from 0.5 s)',
  ),
  syncMaxRetryWaitMs: integer(
    'SYNC_MAX_RETRY_WAIT_MS',
    120_000,
    { minimum: 0 },
    'Longest Retry-After (429, 403) the sync waits for; a longer one ends the run',
  ),
  syncWindowDays: integer(
    'SYNC_WINDOW_DAYS',
    7,
    { minimum: 0 },
    'Recent days a later sync reads again, for corrections',
  ),
  syncFundsPerBatch: integer(
    'SYNC_FUNDS_PER_BATCH',
    50,
    { minimum: 1 },
    'Funds whose histories go in one batch of a first sync',
  ),
  // The developer portal (docs/portal.md).
  portal: {
    env: 'PORTAL',
    schema: Type.Union([Type.Literal('open'), Type.Literal('invite'), Type.Literal('off')]),
    type: '`open`, `invite` or `off`',
    parse: (text: string) => text.trim().toLowerCase(),
    default: 'open',
    description: 'Developer portal sign-up: `open`, by invitation (`invite`) or `off`',
  },
  // Shown where sign-up is closed or by invitation, so a visitor knows whom to ask instead of meeting a refusal.
  portalContact: {
    env: 'PORTAL_CONTACT',
    schema: Type.Union([Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\s<>"]+$' }), Type.Null()]),
    type: 'email or URL',
    parse: (text: string) => text.trim(),
    default: null,
    description:
      'Whom to ask for a key or an invitation (an email address or an https URL), shown on the portal when sign-up is closed or by invitation',
  },
  // Every link in a portal email starts here, never with a request's Host header (which a caller chooses).
  publicUrl: {
    env: 'PUBLIC_URL',
    schema: Type.Union([Type.String({ pattern: `${HTTP_URL}$|${HTTP_URL}/` }), Type.Null()]),
    type: 'URL',
    parse: (text: string) => text.trim().replace(/\/+$/, ''),
    default: null,
    shownDefault: '(the address the server listens on)',
    description:
      "The service's address as users reach it, for links in emails; unset: the address the start banner prints (CLI commands: the one the last server started said)",
  },
  smtpUrl: optionalUrl(
    'SMTP_URL',
    '^smtps?://',
    'URL',
    '`smtp(s)://[user:pw@]host:port`: portal mail server (unset: `.eml` files in `DATA_DIR/outbox/`)',
    true,
  ),
  mailFrom: text('MAIL_FROM', 'Rates data service <no-reply@localhost>', 'Sender of portal emails', {
    maxLength: 300,
  }),
  // Connectors to public sources (docs/connectors.md): `rates connect SOURCE`, and the jobs of
  // `rates serve` that CONNECTORS names, each at its own Bangkok time after its source's release.
  connectors: {
    env: 'CONNECTORS',
    schema: Type.Array(Type.Union(CONNECTOR_NAMES.map((n) => Type.Literal(n)))),
    type: 'list',
    parse: commaList,
    default: [],
    shownDefault: '(none)',
    description: `Connectors \`rates serve\` runs on their schedules, separated by commas (${CONNECTOR_NAMES.join(', ')}); unset: none`,
  },
  botApiUrl: {
    ...optionalUrl(
      'BOT_API_URL',
      HTTP_URL,
      'URL',
      'Bank of Thailand API gateway (a test points it at a fake)',
    ),
    schema: Type.String({ pattern: HTTP_URL }),
    default: 'https://gateway.api.bot.or.th',
  },
  botApiToken: secretText(
    'BOT_API_TOKEN',
    'Bank of Thailand API token (portal.api.bot.or.th), sent as the Authorization header',
  ),
  botBank: {
    env: 'BOT_BANK',
    schema: Type.String({ maxLength: 200 }),
    type: 'text',
    parse: verbatim,
    default: '',
    shownDefault: '(none)',
    description: "The bank whose deposit and loan rates `bot-rates` publishes, by BOT's English name",
  },
  botDepositRate: {
    env: 'BOT_DEPOSIT_RATE',
    schema: Type.Union([Type.Literal('max'), Type.Literal('min')]),
    type: '`max` or `min`',
    parse: verbatim,
    default: 'max' as const,
    description: "Which of BOT's two deposit rates of a bank `bot-rates` publishes",
  },
  botFxSchedule: clockTime(
    'BOT_FX_SCHEDULE',
    '18:30',
    'Bangkok time of the daily `bot-fx` job (release: 18:00)',
  ),
  botRatesSchedule: clockTime(
    'BOT_RATES_SCHEDULE',
    '14:30',
    'Bangkok time of the daily `bot-rates` job (release: 14:00)',
  ),
  secApiUrl: {
    ...optionalUrl('SEC_API_URL', HTTP_URL, 'URL', 'SEC Thailand open API (a test points it at a fake)'),
    schema: Type.String({ pattern: HTTP_URL }),
    default: 'https://api.sec.or.th',
  },
  secFactsheetKey: secretText(
    'SEC_FACTSHEET_KEY',
    'SEC Thailand FundFactsheet subscription key (api-portal.sec.or.th)',
  ),
  secDailyinfoKey: secretText(
    'SEC_DAILYINFO_KEY',
    'SEC Thailand FundDailyInfo subscription key (api-portal.sec.or.th)',
  ),
  secAmcs: {
    env: 'SEC_AMCS',
    schema: Type.Array(Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' })),
    type: 'list',
    parse: commaList,
    default: [] as string[],
    shownDefault: '(all)',
    description:
      "Fund houses `sec-funds` reads, by SEC's unique_id (e.g. C0000000021), separated by commas (`--amc`); unset: all",
  },
  secRateLimit: {
    env: 'SEC_RATE_LIMIT',
    schema: Type.Object({
      calls: Type.Integer({ minimum: 1 }),
      seconds: Type.Number({ exclusiveMinimum: 0 }),
    }),
    type: 'CALLS/SECONDS',
    parse: (text: string) => {
      const m = /^\s*([0-9]+)\s*\/\s*([0-9]+(?:\.[0-9]+)?)\s*$/.exec(text);
      return m ? { calls: Number(m[1]), seconds: Number(m[2]) } : text;
    },
    default: { calls: 3000, seconds: 300 },
    shownDefault: '3000/300',
    description:
      "Calls to SEC's API at most in any so many seconds (SEC allows about 3,000 per 300 s per subscription)",
  },
  secFundsSchedule: clockTime('SEC_FUNDS_SCHEDULE', '22:00', 'Bangkok time of the daily `sec-funds` job'),
  connectTimeoutMs: integer(
    'CONNECT_TIMEOUT_MS',
    60_000,
    { minimum: 100 },
    "Time for one request to a connector's source, its whole answer included",
  ),
  connectRetries: integer(
    'CONNECT_RETRIES',
    4,
    { minimum: 0 },
    'Tries after the first of a request that failed (5xx, timeout; back-off doubling from 1 s)',
  ),
  connectMaxAnswerBytes: integer(
    'CONNECT_MAX_ANSWER_BYTES',
    32 * MiB,
    { minimum: 1024 },
    "Bytes of one source answer at most; a larger one fails the connector's run",
  ),
  connectCorrectionDays: integer(
    'CONNECT_CORRECTION_DAYS',
    10,
    { minimum: 0 },
    'Recent days a later connector run reads again, for corrections',
  ),
} satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/** The settings, each of its row's type. */
export type Config = { -readonly [K in SettingName]: Static<(typeof SETTINGS)[K]['schema']> };

/**
 * Every setting's value from `env`: its variable's text read, or, unset or empty, its default (made
 * from the settings above it if need be). Not checked: loadConfig (src/config.ts) checks them.
 */
export function readSettings(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(SETTINGS) as [string, Setting][]) {
    const text = env[setting.env];
    if (text !== undefined && text !== '') values[name] = setting.parse(text);
    else values[name] = typeof setting.default === 'function' ? setting.default(values) : setting.default;
  }
  return values;
}

/** The whole config as the table's defaults make it (what an empty environment gives). */
export function defaultConfig(): Config {
  return readSettings({}) as Config;
}

/** The defaults, for the few places that need one outside a config (a store opened by a test, the demo's seed). */
export const DEFAULTS: Readonly<Config> = Object.freeze(defaultConfig());
