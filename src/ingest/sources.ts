import { createInterface } from 'node:readline';
import { pipeline, Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import Parser from 'stream-json/Parser.js';
import StreamArray from 'stream-json/streamers/StreamArray.js';

export type Format = 'csv' | 'json' | 'ndjson';

export interface SourceRecord {
  /** CSV and NDJSON: the line the record starts on; JSON: the item's position in the array (1-based). */
  line: number;
  /** JSON and NDJSON: the object, keys lower-cased. */
  values?: Record<string, unknown>;
  /**
   * JSON and NDJSON: the object's keys as written, lower-cased, in order: two that differ only in
   * case are both here (the object keeps one), and so is `__proto__` (which a parser may swallow).
   */
  keys?: string[];
  /** CSV: the fields, in the order of `header`. No object per row: millions of rows pass here. */
  cells?: string[];
  header?: string[];
  /** A row the file format itself makes unusable (e.g. a CSV row with too many fields). */
  problem?: string;
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

/**
 * Streams the records of a CSV (header row), JSON (array of objects) or NDJSON input, a batch of
 * records at a time (per-record promises would cost more than parsing).
 */
export async function* readRecords(input: Readable, format: Format): AsyncGenerator<SourceRecord[]> {
  if (format === 'csv') yield* readCsv(input);
  else yield* batched(format === 'ndjson' ? readNdjson(input) : readJson(input));
}

async function* batched(records: AsyncGenerator<SourceRecord>): AsyncGenerator<SourceRecord[]> {
  let batch: SourceRecord[] = [];
  for await (const record of records) {
    batch.push(record);
    if (batch.length >= 1000) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Characters handed to Papa Parse at a time. Papa Parse parses what the stream gives it at once: the
 * CLI reads files 1 MB at a time, some 20,000 price rows whose arrays and strings all lived until
 * the chunk was handled, long enough to be moved out of the young generation, so much of the parsing
 * and checking time went to collecting garbage. 32 KB pieces were the fastest (measured:
 * CONTRIBUTING.md, Measurements behind the code).
 */
const PIECE = 32 * 1024;

/**
 * The input as text, in pieces of at most PIECE characters. Decoded here, across the input's chunks:
 * Papa Parse decodes each chunk by itself, which broke a character that a chunk boundary split (a
 * Thai letter is three bytes).
 */
function textPieces(input: Readable): Readable {
  const decoder = new StringDecoder('utf8');
  // Each piece ends at a line's end: Papa Parse parses a line left partial at a piece's end again with
  // every piece that follows until it ends, so a 10 MB header line in 32 KB pieces was parsed some 320
  // times (21 s and 431 MB to refuse it). A line longer than a piece goes in one piece of its own.
  let carry = '';
  const push = (stream: Transform, text: string) => {
    if (carry.length > 0 && !text.includes('\n')) {
      carry += text; // still inside a long line: nothing to cut yet
      return;
    }
    const rest = carry + text;
    let start = 0;
    while (rest.length - start > PIECE) {
      let end = rest.lastIndexOf('\n', start + PIECE - 1);
      if (end < start) end = rest.indexOf('\n', start + PIECE);
      if (end < 0) break;
      stream.push(rest.slice(start, end + 1));
      start = end + 1;
    }
    carry = rest.slice(start);
  };
  const pushRest = (stream: Transform) => {
    if (carry.length > 0) stream.push(carry);
    carry = '';
  };
  const pieces = new Transform({
    readableObjectMode: true,
    decodeStrings: false,
    transform(chunk: Buffer | string, _encoding, done) {
      push(this, typeof chunk === 'string' ? chunk : decoder.write(chunk));
      done();
    },
    flush(done) {
      push(this, decoder.end());
      pushRest(this);
      done();
    },
  });
  pipeline(input, pieces, () => {
    // A read error reaches Papa Parse through `pieces`, which pipeline destroys with it.
  });
  return pieces;
}

/**
 * CSV through Papa Parse (several times faster than the alternatives here), pausing the parser after
 * each chunk until the chunk's rows are handled, so memory stays bounded. Line numbers are counted
 * here: one per row plus the line breaks inside quoted fields.
 */
async function* readCsv(file: Readable): AsyncGenerator<SourceRecord[]> {
  const input = textPieces(file);
  const chunks: { rows: string[][]; quote?: { row: number; message: string } }[] = [];
  /** A quote error no chunk has placed yet: reported without a line if none ever does. */
  let unplacedQuote: string | undefined;
  let parser: Papa.Parser | undefined;
  let finished = false;
  let paused = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  Papa.parse<string[], Readable>(input, {
    delimiter: ',',
    skipEmptyLines: false,
    chunk: (results, p) => {
      parser = p;
      // A quote error names its row in the chunk; one naming a row past the chunk's end comes again
      // with the chunk holding that row.
      const quotes = results.errors.filter((e) => e.type === 'Quotes');
      const quote = quotes.find((e) => e.row !== undefined && e.row < results.data.length);
      if (quotes.length > 0) unplacedQuote ??= quotes[0]!.message;
      chunks.push({ rows: results.data, quote: quote && { row: quote.row!, message: quote.message } });
      // Keep at most two chunks in hand: one being handled, one read ahead so reading never waits.
      // Pausing the parser stops parsing only: the text stream goes on emitting data, which Papa
      // Parse queues (a whole 560 MB file, when rows are written slower than read), so it is paused
      // too, and the file stream behind it waits.
      if (chunks.length >= 2) {
        p.pause();
        input.pause();
        paused = true;
      }
      signal();
    },
    complete: () => {
      finished = true;
      signal();
    },
    error: (error: Error) => {
      failure = new SourceError(null, `not valid CSV: ${error.message}`);
      finished = true;
      signal();
    },
  });

  let header: string[] | undefined;
  let line = 0;
  for (;;) {
    if (failure) throw failure;
    const chunk = chunks.shift();
    if (paused && chunks.length < 2) {
      paused = false;
      input.resume();
      parser?.resume();
    }
    if (!chunk) {
      if (finished) {
        if (unplacedQuote) throw new SourceError(null, `not valid CSV: ${unplacedQuote}`);
        return;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      continue;
    }
    const batch: SourceRecord[] = [];
    for (const [index, row] of chunk.rows.entries()) {
      // A record is reported at the line it starts on, however many lines its quoted fields span.
      const first = line + 1;
      line = first;
      for (const field of row) if (field.includes('\n')) line += field.split('\n').length - 1;
      // A broken quote makes the rest of the file unreadable: report it, at its record's first line,
      // after the rows before it and before any row it garbled.
      if (index === chunk.quote?.row) {
        if (batch.length > 0) yield batch;
        throw new SourceError(first, `not valid CSV: ${chunk.quote.message}`);
      }
      if (row.length === 1 && row[0] === '') continue; // a blank line
      if (!header) {
        header = row.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim().toLowerCase());
        continue;
      }
      if (row.length !== header.length) {
        batch.push({
          line: first,
          cells: [],
          header,
          problem: `expected ${header.length} fields, got ${row.length}`,
        });
        continue;
      }
      batch.push({ line: first, cells: row, header });
    }
    if (batch.length > 0) yield batch;
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
    // JSON.parse keeps `__proto__` as a key of its own, so the object has every key.
    yield { line, ...asObject(value, line) };
  }
}

async function* readJson(input: Readable): AsyncGenerator<SourceRecord> {
  // stream-json assigns each key to the object it builds: a key written twice keeps its last value,
  // and `"__proto__": {...}` sets the item's prototype rather than adding a key. The parser's key
  // tokens tell every key of each item as written; the object is built for its values only.
  const parser = new Parser();
  const items = new StreamArray();
  const keysOf = new Map<number, string[]>();
  let depth = 0;
  let item = 0;
  parser.on('data', (token: { name: string; value?: unknown }) => {
    if (token.name === 'startObject' || token.name === 'startArray') {
      if (depth === 1) keysOf.set(++item, []);
      depth++;
    } else if (token.name === 'endObject' || token.name === 'endArray') depth--;
    else if (depth === 1 && token.name.endsWith('Value')) item++;
    else if (depth === 2 && token.name === 'keyValue')
      keysOf.get(item)?.push(String(token.value).toLowerCase());
  });
  pipeline(input, parser, items, () => {
    // Failures reach the loop below through `items`, which pipeline destroys with the error.
  });
  try {
    for await (const { key, value } of items as AsyncIterable<{ key: number; value: unknown }>) {
      const record = asObject(value, key + 1);
      const keys = keysOf.get(key + 1);
      keysOf.delete(key + 1);
      yield { line: key + 1, values: record.values, keys: keys ?? record.keys };
    }
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError(null, `not a valid JSON array of objects: ${(error as Error).message}`);
  }
}

function asObject(value: unknown, line: number): { values: Record<string, unknown>; keys: string[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SourceError(line, 'expected a JSON object for each row');
  }
  // Column names are matched case-insensitively, as in CSV headers.
  const entries = Object.entries(value).map(([k, v]): [string, unknown] => [k.toLowerCase(), v]);
  return { values: Object.fromEntries(entries), keys: entries.map(([k]) => k) };
}
