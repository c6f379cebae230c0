import { Presets, SingleBar } from 'cli-progress';

/**
 * A source's progress bar (`rates sync`, `rates connect`) on stderr when it is a terminal, started at
 * the first update; undefined otherwise, where the command writes lines for logs instead.
 */
export function progressBar(format: string) {
  if (!process.stderr.isTTY) return undefined;
  const bar = new SingleBar({ format, stream: process.stderr }, Presets.shades_classic);
  let started = false;
  return {
    update(done: number, total: number, payload: object) {
      if (!started) bar.start(total, done, payload);
      started = true;
      bar.setTotal(total);
      bar.update(done, payload);
    },
    stop: () => started && bar.stop(),
  };
}
