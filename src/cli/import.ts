import { basename } from 'node:path';
import { SingleBar, Presets } from 'cli-progress';
import { collectInputs } from '../ingest/files.js';
import { runImport, type ImportReport } from '../ingest/import.js';
import { IMPORT_TYPES, type ImportType } from '../ingest/spec.js';
import { printable } from './printable.js';
import { withStore } from './with-store.js';

interface ImportOptions {
  type?: string;
  maxErrors: number;
  source?: string;
}

/** Shows progress by bytes read: a bar on a terminal, a plain line every second otherwise (logs). */
function progressDisplay(totalBytes: number, progress: { bytes: number }, rows: () => number) {
  // In MB a small input would show as 0/0 MB.
  const [unit, size] = totalBytes >= 10e6 ? ['MB', 1e6] : ['KB', 1e3];
  const mb = (b: number) => Math.ceil(b / size);
  if (process.stderr.isTTY) {
    const bar = new SingleBar(
      {
        format: `importing [{bar}] {percentage}% | {value}/{total} ${unit} | {rows} rows`,
        stream: process.stderr,
      },
      Presets.shades_classic,
    );
    bar.start(mb(totalBytes), 0, { rows: 0 });
    const timer = setInterval(() => bar.update(mb(progress.bytes), { rows: rows() }), 200);
    return () => {
      clearInterval(timer);
      bar.update(mb(progress.bytes), { rows: rows() });
      bar.stop();
    };
  }
  const timer = setInterval(() => {
    const pct = totalBytes > 0 ? Math.round((100 * progress.bytes) / totalBytes) : 100;
    process.stderr.write(`importing: ${rows()} rows read, ${pct}% of ${mb(totalBytes)} ${unit}\n`);
  }, 1000);
  return () => clearInterval(timer);
}

export function formatReport(report: ImportReport): string[] {
  const n = (x: number) => x.toLocaleString('en-US');
  const lines: string[] = [];
  if (report.status === 'committed') {
    lines.push(`Batch ${report.batchId} committed.`);
  } else if (report.status === 'unchanged') {
    lines.push('Nothing changed: every row is already published as it is; no batch was made.');
  } else {
    lines.push(
      `Batch rejected (recorded as batch ${report.batchId}): ${n(report.errorCount)} error(s), nothing was stored.`,
    );
    for (const e of report.errors) {
      const where = [
        e.file,
        e.line !== null ? `${e.file.toLowerCase().endsWith('.json') ? 'item' : 'line'} ${e.line}` : null,
        e.column ? `column ${e.column}` : null,
      ];
      lines.push(printable(`  ${where.filter(Boolean).join(', ')}: ${e.reason}`));
    }
    if (report.errorCount > report.errors.length)
      lines.push(`  ... and ${n(report.errorCount - report.errors.length)} more`);
  }
  const rate = report.seconds > 0 ? Math.round(report.rowsRead / report.seconds) : report.rowsRead;
  lines.push(
    `  rows read       ${n(report.rowsRead)}`,
    `  inserted        ${n(report.inserted)}`,
    `  changed         ${n(report.changed)}`,
    `  unchanged       ${n(report.unchanged)}`,
    `  revisions kept  ${n(report.revisions)}`,
    `  time            ${report.seconds.toFixed(1)} s`,
    `  rows/s          ${n(rate)}`,
    `  peak RSS        ${n(Math.round(process.resourceUsage().maxRSS / 1024))} MB`,
  );
  return lines;
}

export async function importCommand(path: string, options: ImportOptions): Promise<void> {
  if (options.type !== undefined && !IMPORT_TYPES.includes(options.type as ImportType)) {
    throw new Error(`--type must be one of ${IMPORT_TYPES.join(', ')}; got '${options.type}'`);
  }
  const progress = { bytes: 0 };
  const { inputs, bytes } = await collectInputs(path, options.type as ImportType | undefined, progress);
  await withStore(async (store) => {
    let rows = 0;
    const stop = progressDisplay(bytes, progress, () => rows);
    let report: ImportReport;
    try {
      report = await runImport(store, inputs, {
        source: options.source ?? basename(path),
        maxErrors: options.maxErrors,
        onRows: (n) => (rows = n),
      });
    } finally {
      stop();
    }
    for (const line of formatReport(report)) console.log(line);
    if (report.status === 'rejected') process.exitCode = 1;
  });
}
