/**
 * A source's JSON answer, parsed as it arrives, and never more of it than `limit` bytes.
 *
 * The sync runs in the serving process (`SYNC_FROM`), so its parsing shares the event loop with the
 * API: one JSON.parse of a whole answer of megabytes holds every call meanwhile. An answer that is an
 * array (all of the interface's lists) is parsed here a few items at a time, each time a piece of
 * the body arrives: the items complete so far (up to the last comma between two of them) go to
 * JSON.parse, the rest waits for the next piece. Anything else (an object, e.g. GetNavByFundCode's
 * envelope) is parsed whole at the end, still within the limit.
 *
 * The limit is of the answer as held once read, not of its bytes alone: each value (an object, an
 * array, a member, an item) takes tens of bytes as a JavaScript value however few its JSON has, so
 * each counts VALUE_BYTES besides its bytes. An endless `[{},{},...` of 64 MiB was 22 million objects
 * and 1.9 GB of memory; counted so, the reader stops it at about 1 million (issue 53). A real answer
 * (a fund's prices: about 450 bytes and 31 values a row) counts about three times its bytes.
 */
export const VALUE_BYTES = 32;

export class AnswerReader {
  private readonly items: unknown[] = [];
  /** Pieces received and not yet parsed (joined only when items in them are parsed). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private mode: 'start' | 'array' | 'whole' = 'start';
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Items were parsed up to a comma: what follows must be another item. */
  private afterComma = false;
  private bytes = 0;
  /** Values begun so far (each `{`, `[`, `,` and `:` outside a string marks one). */
  private values = 0;

  constructor(private readonly limit: number) {}

  /** Takes the next piece of the body; false when the answer is over the limit (read no further). */
  push(piece: Uint8Array): boolean {
    this.bytes += piece.length;
    if (this.bytes > this.limit) return false;
    let chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.length);
    if (this.mode === 'start') {
      chunk = this.start(chunk);
      if (chunk.length === 0) return true;
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.scan(chunk);
    return this.bytes + VALUE_BYTES * this.values <= this.limit;
  }

  /** The whole answer; throws a SyntaxError when it is not JSON. */
  end(): unknown {
    const rest = Buffer.concat(this.pending, this.pendingBytes).toString('utf8');
    if (this.mode !== 'array') return JSON.parse(rest.replace(/^\uFEFF/, ''));
    if (this.afterComma && /^\s*\]/.test(rest)) throw new SyntaxError('a comma before the end of an array');
    for (const item of JSON.parse(`[${rest}`) as unknown[]) this.items.push(item);
    return this.items;
  }

  /**
   * What the answer is, from its first byte that is not a blank (or a byte-order mark): the chunk
   * from after an array's `[`, or whole (blanks at the start are kept for the next chunk to decide).
   */
  private start(chunk: Buffer): Buffer {
    let i = 0;
    if (this.bytes === chunk.length && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
    while (i < chunk.length && isBlank(chunk[i]!)) i++;
    if (i === chunk.length) return chunk.subarray(i);
    if (chunk[i] !== 0x5b /* [ */) {
      this.mode = 'whole';
      // Scanned for its values only: parsed whole at the end.
      this.depth = 1;
      return chunk.subarray(i);
    }
    this.mode = 'array';
    this.depth = 1;
    this.values = 1;
    return chunk.subarray(i + 1);
  }

  /** Scans a new chunk (counting its values), then parses the items of an array complete so far. */
  private scan(chunk: Buffer): void {
    let { depth, inString, escaped, values } = this;
    let lastComma = -1;
    // Inside a string only its closing quote matters: found by Buffer.indexOf (native) rather than
    // byte by byte (most of an answer's bytes are in strings). Measured once on a loaded 2-core
    // machine, a 2.7 MB answer of 5,000 prices in 64 kB pieces: 15.6 ms against 19.0 ms byte by byte,
    // and 12.2 ms for one JSON.parse of the whole. A backslash before the quote is an escape; the next
    // backslash is looked up once and kept.
    let backslash = -2;
    for (let i = 0; i < chunk.length && depth > 0; i++) {
      if (escaped) {
        escaped = false;
        continue;
      }
      if (inString) {
        const quote = chunk.indexOf(0x22, i);
        if (backslash !== -1 && backslash < i) backslash = chunk.indexOf(0x5c, i);
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          i = backslash; // the next byte is escaped
          escaped = true;
          continue;
        }
        if (quote === -1) break; // the string goes on in the next chunk
        i = quote;
        inString = false;
        continue;
      }
      const c = chunk[i]!;
      if (c === 0x22 /* " */) inString = true;
      else if (c === 0x5b || c === 0x7b /* [ { */) {
        depth++;
        values++;
      } else if (c === 0x5d || c === 0x7d /* ] } */) depth--;
      else if (c === 0x2c /* , */) {
        values++;
        if (depth === 1) lastComma = i;
      } else if (c === 0x3a /* : */) values++;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    this.values = values;
    if (lastComma < 0 || this.mode !== 'array') return;
    // The items before the chunk's last comma, as one array; the next piece starts after the comma.
    const before = this.pendingBytes - chunk.length + lastComma;
    const all = this.pending.length === 1 ? chunk : Buffer.concat(this.pending, this.pendingBytes);
    const text = all.toString('utf8', 0, before);
    if (/^\s*$/.test(text)) throw new SyntaxError('an array with a missing item');
    for (const item of JSON.parse(`[${text}]`) as unknown[]) this.items.push(item);
    const rest = all.subarray(before + 1);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
    this.afterComma = true;
  }
}

const isBlank = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
