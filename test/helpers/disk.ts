import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, statfsSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Whether this process may mount a small disk (tmpfs) to fill up: root only. */
export const canMount = process.getuid?.() === 0;

/** Mounts a tmpfs of `size` (e.g. '8M') at `parent`/tiny; undefined when that is not possible here. */
export function mountSmallDisk(parent: string, size: string): string | undefined {
  if (!canMount) return undefined;
  const mountPoint = join(parent, 'tiny');
  mkdirSync(mountPoint, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mountPoint]);
  return mounted.status === 0 ? mountPoint : undefined;
}

export function unmount(mountPoint: string | undefined): void {
  if (mountPoint) spawnSync('umount', [mountPoint]);
}

/**
 * Fills the disk holding `folder` with one file, leaving about `leave` bytes free (none by default: it
 * writes until the disk refuses). Delete the returned file to free the space again.
 */
export function fillDisk(folder: string, leave = 0): string {
  const file = join(folder, 'filler');
  const fd = openSync(file, 'w');
  try {
    const { bavail, bsize } = statfsSync(folder);
    let left = Math.max(0, bavail * bsize - leave);
    const chunk = Buffer.alloc(1 << 20, 1);
    while (left > 0) left -= writeSync(fd, chunk, 0, Math.min(left, chunk.length));
    // Then, with nothing to leave, the last blocks a byte at a time, until the disk is full.
    if (leave === 0) for (;;) writeSync(fd, chunk, 0, 1);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return file;
}
