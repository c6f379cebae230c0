/**
 * What a storage failure means and what to do about it, in words an operator can act on. SQLite
 * reports these as error codes; the raw message ("SQLITE_READONLY: attempt to write a readonly
 * database") names neither the file nor a way out.
 */
const ADVICE: Record<string, (location: string) => string> = {
  SQLITE_READONLY: (f) =>
    `The database ${f} is read-only for this process: check the permissions of the file and its folder (the folder must be writable for the WAL files), or the mount.`,
  SQLITE_FULL: (f) =>
    `The disk holding ${f} is full: free space (or move DATA_DIR), then try again. Nothing was changed.`,
  SQLITE_IOERR: (f) =>
    `Reading or writing ${f} failed (I/O error): check the disk and the mount. Nothing was changed.`,
  SQLITE_BUSY: (f) =>
    `The database ${f} is locked by another process (an import or a backup): wait for it to finish, then try again.`,
  SQLITE_LOCKED: (f) => `The database ${f} is locked: wait for the other writer to finish, then try again.`,
  SQLITE_CORRUPT: (f) =>
    `The database ${f} is corrupt: stop the service and restore the last backup with 'rates restore <file>'.`,
  SQLITE_NOTADB: (f) =>
    `${f} is not a SQLite database (or is encrypted or truncated): check DATABASE_URL, or restore a backup with 'rates restore <file>'.`,
  SQLITE_CANTOPEN: (f) =>
    `Cannot open the database ${f}: check that its folder exists and is writable, and that DATABASE_URL is right.`,
};

/** A clear message for a storage error, or undefined when the error is something else. */
export function explainStorageError(error: unknown, location: string): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  const base = Object.keys(ADVICE).find((c) => code === c || code.startsWith(`${c}_`));
  return base ? `${ADVICE[base]!(location)} (${code})` : undefined;
}
