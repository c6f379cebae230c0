/**
 * A ring of text in shared memory, written by one thread and read by another with no message per
 * write: the request log's lines on their way to the log thread (call-log.ts). Text is stored as
 * UTF-16 code units, so it reads back exactly as written, whatever it holds.
 *
 * Positions are byte counts since the start, modulo 2^32 (the capacity divides 2^32, so a position
 * modulo the capacity is its place in the ring). The writer publishes how far it has written in the
 * header; how far the reader has gone is the writer's to track (the reader tells it in messages).
 */
export class LineRing {
  private readonly text: Buffer;
  private readonly head: Int32Array;
  private readonly capacity: number;

  /** A new ring of `capacity` bytes (a power of two, at least 1 kB), or the ring in `shared`. */
  constructor(from: number | SharedArrayBuffer) {
    const shared = typeof from === 'number' ? new SharedArrayBuffer(HEADER + checked(from)) : from;
    this.head = new Int32Array(shared, 0, 1);
    this.text = Buffer.from(shared, HEADER);
    this.capacity = this.text.length;
  }

  /** The memory to hand to the reading thread. */
  get shared(): SharedArrayBuffer {
    return this.head.buffer as SharedArrayBuffer;
  }

  /** How far the writer has written (a position). */
  written(): number {
    return Atomics.load(this.head, 0) >>> 0;
  }

  /**
   * Writes `text` after what is there and returns true; returns false, writing nothing, when it does
   * not fit in the room left before `readTo` (how far the reader is known to have read).
   */
  write(text: string, readTo: number): boolean {
    const head = this.written();
    const size = text.length * 2;
    if (((head - readTo) >>> 0) + size > this.capacity) return false;
    const at = head % this.capacity;
    const room = this.capacity - at;
    if (size <= room) {
      this.text.write(text, at, 'utf16le');
    } else {
      this.text.write(text.slice(0, room / 2), at, 'utf16le');
      this.text.write(text.slice(room / 2), 0, 'utf16le');
    }
    // After the text: the reader that sees the new head sees the text before it.
    Atomics.store(this.head, 0, (head + size) | 0);
    return true;
  }

  /** The text between two positions (`from` up to the written head). */
  read(from: number, to: number): string {
    const size = (to - from) >>> 0;
    const at = from % this.capacity;
    if (at + size <= this.capacity) return this.text.toString('utf16le', at, at + size);
    return (
      this.text.toString('utf16le', at, this.capacity) +
      this.text.toString('utf16le', 0, at + size - this.capacity)
    );
  }
}

/** The header: the head position (one Int32), padded to 8 bytes. */
const HEADER = 8;

function checked(capacity: number): number {
  if (!(capacity >= 1024 && (capacity & (capacity - 1)) === 0 && capacity <= 2 ** 30)) {
    throw new RangeError(`a line ring's capacity is a power of two from 1 kB to 1 GB, not ${capacity}`);
  }
  return capacity;
}
