import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ImportInput } from './import.js';
import { formatOf } from './sources.js';
import { IMPORT_TYPES, type ImportType } from './spec.js';

/** The import type a file name announces: `fund-prices.csv`, `fund-prices-2026-11.ndjson`, ... */
export function typeOfFile(fileName: string): ImportType | undefined {
  const name = basename(fileName).toLowerCase();
  // The longest type that prefixes the name wins, so `fund-prices-x.csv` is not taken for `funds`.
  return [...IMPORT_TYPES]
    .sort((a, b) => b.length - a.length)
    .find(
      (t) => name === t || name.startsWith(`${t}.`) || name.startsWith(`${t}-`) || name.startsWith(`${t}_`),
    );
}

export class InputError extends Error {}

/** The inputs of a file or of every data file in a folder, each with its type and format. */
export async function collectInputs(
  path: string,
  type?: ImportType,
  /** Bytes read so far, over all inputs: what a progress bar shows. */
  progress: { bytes: number } = { bytes: 0 },
): Promise<{ inputs: ImportInput[]; bytes: number }> {
  const info = await stat(path).catch(() => {
    throw new InputError(`${path}: no such file or folder`);
  });
  const files = info.isDirectory()
    ? (await readdir(path))
        .filter((f) => formatOf(f) !== undefined)
        .sort()
        .map((f) => join(path, f))
    : [path];
  if (files.length === 0)
    throw new InputError(`${path}: no .csv, .json, .ndjson or .jsonl file in this folder`);
  let bytes = 0;
  const inputs = await Promise.all(
    files.map(async (file): Promise<ImportInput> => {
      const format = formatOf(file);
      if (!format) throw new InputError(`${file}: expected a .csv, .json, .ndjson or .jsonl file`);
      const fileType = type ?? typeOfFile(file);
      if (!fileType) {
        throw new InputError(
          `${file}: cannot tell what it holds; name it after its type (${IMPORT_TYPES.join(', ')}) or pass --type`,
        );
      }
      const { size } = await stat(file);
      bytes += size; // after the await: `bytes += await ...` would read `bytes` too early
      const open = () => {
        const stream = createReadStream(file, { highWaterMark: 1 << 20 });
        stream.on('data', (chunk) => (progress.bytes += chunk.length));
        return stream;
      };
      return { name: file, type: fileType, format, open, size };
    }),
  );
  return { inputs, bytes };
}
