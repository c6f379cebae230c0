import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import StreamArray from 'stream-json/streamers/StreamArray.js';

export type Format = 'csv' | 'json' | 'ndjson';

export interface SourceRecord {
  /** CSV and NDJSON: the line the record ends on; JSON: the item's position in the array (1-based). */
  line: number;
  values: Record<string, unknown>;
}

/** A problem with the file itself (not one row): bad JSON, a CSV quote left open, an unknown column. */
export class SourceError extends Error {
  constructor(
    readonly line: number | null,
    message: string,
  ) {
    super(message);
  }
}

export function formatOf(fileName: string): Format | undefined {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'csv') return 'csv';
  if (ext === 'json') return 'json';
  if (ext === 'ndjson' || ext === 'jsonl') return 'ndjson';
  return undefined;
}

/** Streams the records of a CSV (header row), JSON (array of objects) or NDJSON input. */
export async function* readRecords(input: Readable, format: Format): AsyncGenerator<SourceRecord> {
  if (format === 'csv') yield* readCsv(input);
  else if (format === 'ndjson') yield* readNdjson(input);
  else yield* readJson(input);
}

async function* readCsv(input: Readable): AsyncGenerator<SourceRecord> {
  const parser = input.pipe(
    parse({
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      info: true,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      yield { line: info.lines, values: record };
    }
  } catch (error) {
    const e = error as Error & { lines?: number };
    throw new SourceError(e.lines ?? null, `not valid CSV: ${e.message}`);
  }
}

async function* readNdjson(input: Readable): AsyncGenerator<SourceRecord> {
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new SourceError(line, `not valid JSON: ${(error as Error).message}`);
    }
    yield { line, values: asObject(value, line) };
  }
}

async function* readJson(input: Readable): AsyncGenerator<SourceRecord> {
  const items = input.pipe(StreamArray.withParser());
  try {
    for await (const { key, value } of items as AsyncIterable<{ key: number; value: unknown }>) {
      yield { line: key + 1, values: asObject(value, key + 1) };
    }
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError(null, `not a valid JSON array of objects: ${(error as Error).message}`);
  }
}

function asObject(value: unknown, line: number): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SourceError(line, 'expected a JSON object for each row');
  }
  // Column names are matched case-insensitively, as in CSV headers.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), v]));
}
