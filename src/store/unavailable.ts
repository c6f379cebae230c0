/**
 * Whether an error means the database cannot answer right now (as opposed to a bad query or bad
 * data): the caller should get 503 and try again, and the node should be taken out of rotation
 * until /ready says otherwise.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || POSTGRES_CLASSES.has(code.slice(0, 2))) {
      return true;
    }
    if (SQLITE_CODES.some((c) => code === c || code.startsWith(`${c}_`))) return true;
  }
  // pg's own errors for a lost or never-made connection carry no code.
  return typeof message === 'string' && PG_MESSAGES.test(message);
}

/** The server cannot be reached, or went away mid-conversation. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const POSTGRES_CODES = new Set([
  '57P01', // admin_shutdown: the backend was terminated (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name: the database is not there (dropped, renamed)
  '55000', // object_not_in_prerequisite_state: among others, a database that allows no connections
]);

/** SQLSTATE classes: 08 connection exception, 53 insufficient resources, 58 system error (I/O). */
const POSTGRES_CLASSES = new Set(['08', '53', '58']);

/** SQLite results that mean the file cannot be used as it is (SQLITE_BUSY is a wait, told apart). */
const SQLITE_CODES = [
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_FULL',
  'SQLITE_READONLY',
];

const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;
