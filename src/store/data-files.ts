import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { DEFAULTS } from '../settings.js';

/** Owner-only unless DATA_FILE_MODE says otherwise: the database holds key hashes and usage. */
export const DEFAULT_FILE_MODE = DEFAULTS.dataFileMode;

/** A folder for files of `fileMode`: whoever may read a file may also enter the folder (r gives x). */
export function folderMode(fileMode: number): number {
  return fileMode | ((fileMode & 0o444) >> 2);
}

/** Makes a missing folder with the mode for `fileMode`, exactly (the umask only narrows new files). */
export function makeDataFolder(folder: string, fileMode: number): void {
  const created = mkdirSync(folder, { recursive: true, mode: folderMode(fileMode) });
  if (created !== undefined) chmodSync(folder, folderMode(fileMode));
}

/**
 * Makes `file` empty with exactly `fileMode` unless it exists: SQLite takes an empty file for an empty
 * database, and makes its -wal and -shm files with the database file's mode.
 */
export function makeDataFile(file: string, fileMode: number): void {
  let fd: number;
  try {
    fd = openSync(file, 'wx', fileMode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    fchmodSync(fd, fileMode);
  } finally {
    closeSync(fd);
  }
}
