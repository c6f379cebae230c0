import { parentPort } from 'node:worker_threads';
import { pino } from 'pino';
import { LineRing } from './line-ring.js';
import { loggerOptions, unpackCallLines, writeCallLine } from './log-line.js';

/**
 * The log thread (call-log.ts): every few milliseconds, takes the lines each call log has put in its
 * ring, formats them with pino as the app's logger would, and sends them back as one text.
 */
const LOOK_EVERY_MS = 20;

let text = '';
const logger = pino(loggerOptions('info'), {
  write: (line: string) => {
    text += line;
  },
});
/** Each call log's ring, and how far this thread has taken its lines. */
const rings = new Map<number, { ring: LineRing; taken: number }>();

function take(id: number): void {
  const log = rings.get(id);
  if (!log) return;
  const upTo = log.ring.written();
  if (upTo === log.taken) return;
  for (const line of unpackCallLines(log.ring.read(log.taken, upTo))) writeCallLine(logger, line);
  log.taken = upTo;
  parentPort!.postMessage({ id, text, upTo });
  text = '';
}

parentPort!.on(
  'message',
  (message: { add?: number; ring?: SharedArrayBuffer; take?: number; remove?: number }) => {
    if (message.add !== undefined) {
      const ring = new LineRing(message.ring!);
      rings.set(message.add, { ring, taken: 0 });
    }
    if (message.take !== undefined) take(message.take);
    if (message.remove !== undefined) rings.delete(message.remove);
  },
);
setInterval(() => {
  for (const id of rings.keys()) take(id);
}, LOOK_EVERY_MS);
