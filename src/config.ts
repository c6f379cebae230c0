import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { readSettings, SETTINGS, type Config, type Setting } from './settings.js';

export type { Config } from './settings.js';

/** The settings' types and bounds, from the table (src/settings.ts). */
const ConfigSchema = Type.Object(
  Object.fromEntries(Object.entries(SETTINGS).map(([name, setting]) => [name, setting.schema])),
);

export class ConfigError extends Error {}

/** Every setting, read from the environment once at start; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const candidate = readSettings(env);
  const config = candidate as Config;
  const errors = [...Value.Errors(ConfigSchema, candidate)];
  // Settings that are wrong only together. Node refuses a headers timeout longer than the request timeout (which covers headers and body).
  const together: string[] = [];
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    together.push(
      `HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS (got '${config.headersTimeoutMs}')`,
    );
  }
  // The service itself must read and write its database.
  if (Number.isInteger(config.dataFileMode) && (config.dataFileMode & 0o600) !== 0o600) {
    together.push(`DATA_FILE_MODE: the owner must be able to read and write (got '${env.DATA_FILE_MODE}')`);
  }
  // A replica only makes sense beside a PostgreSQL primary.
  if (config.databaseReadUrl !== null && !/^postgres(ql)?:\/\//i.test(config.databaseUrl)) {
    together.push(`DATABASE_READ_URL: needs a PostgreSQL DATABASE_URL (got '${config.databaseUrl}')`);
  }
  if (errors.length > 0 || together.length > 0) {
    const lines = errors.map((e) => {
      const setting: Setting | undefined = SETTINGS[e.path.split('/')[1] as keyof typeof SETTINGS];
      if (!setting) return `${e.path}: ${e.message}`;
      // A Redis URL may carry a password: never echo it.
      const got = setting.secret ? 'a value not shown' : `'${env[setting.env] ?? ''}'`;
      return `${setting.env}: ${e.message} (got ${got})`;
    });
    throw new ConfigError(`Invalid settings:\n  ${[...new Set([...lines, ...together])].join('\n  ')}`);
  }
  return config;
}

/**
 * One setting's value from its text, by the table's parse and bounds: for a command-line option that
 * stands for the setting (e.g. `rates sync --concurrency`, SYNC_CONCURRENCY), so both keep one rule.
 */
export function settingValue<K extends keyof typeof SETTINGS>(name: K, text: string): Config[K] {
  const setting: Setting = SETTINGS[name];
  const value = setting.parse(text);
  const error = Value.Errors(setting.schema, value).First();
  if (error) throw new RangeError(`${error.message} (${setting.env})`);
  return value as Config[K];
}
