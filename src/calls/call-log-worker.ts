import { parentPort } from 'node:worker_threads';
import { pino } from 'pino';
import { loggerOptions, writeCallLine, type CallLine } from './log-line.js';

/**
 * The log thread (call-log.ts): formats each batch of call lines with pino, as the app's logger
 * would, and sends them back as one text.
 */
let text = '';
const logger = pino(loggerOptions('info'), {
  write: (line: string) => {
    text += line;
  },
});
parentPort!.on('message', ({ id, lines }: { id: number; lines: CallLine[] }) => {
  for (const line of lines) writeCallLine(logger, line);
  parentPort!.postMessage({ id, text });
  text = '';
});
