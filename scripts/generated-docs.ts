import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { DATA_TYPES, fileColumns } from '../src/data-types/index.js';
import { SERVICE_GROUPS } from '../src/domain/service-groups.js';
import { SETTINGS, type Setting } from '../src/settings.js';
import { openStore } from '../src/store/db.js';
import { migrateToLatest } from '../src/store/migrate.js';

// The parts of the docs made from the declarations (`npm run docs` writes them; test/docs/generated-
// docs.test.ts fails while a committed one differs): each lies between a start and an end line.

export interface GeneratedPart {
  path: string;
  /** What the part is, in its marker lines. */
  name: string;
  source: string;
  make(): string | Promise<string>;
}

const markers = (part: GeneratedPart) => [
  `<!-- ${part.name}: made by \`npm run docs\` from ${part.source} -->`,
  `<!-- end of ${part.name} -->`,
];

function shown(setting: Setting): string {
  if (setting.shownDefault !== undefined) return `\`${setting.shownDefault}\``;
  const value = setting.default;
  if (value === null) return '(unset)';
  if (Array.isArray(value)) return `\`${value.join(',')}\``;
  return `\`${String(value)}\``;
}

/** The settings table: one row per setting of src/settings.ts. */
export function settingsTable(): string {
  const rows = (Object.values(SETTINGS) as Setting[]).map(
    (s) => `| \`${s.env}\` | ${s.type} | ${shown(s)} | ${s.description} |`,
  );
  return ['| Variable | Type | Default | Meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

const takesEmpty = (parse: (value: unknown) => unknown): boolean => {
  try {
    parse('');
    return true;
  } catch {
    return false;
  }
};

/** The import types table: one row per data type, in the order a batch applies them. */
export function importTypesTable(): string {
  const rows = DATA_TYPES.map((type) => {
    const columns = fileColumns(type).map(([name, parse], i) => {
      const doc = Object.values(type.columns)[i]!.doc;
      const shownName = takesEmpty(parse) ? `_\`${name}\`_` : `\`${name}\``;
      return doc ? `${shownName} ${doc}` : shownName;
    });
    return `| \`${type.name}\` | ${type.description} | ${columns.join(', ')} | ${type.checks ?? ''} |`;
  });
  return [
    '| Type | Rows | Columns (optional ones in _italics_) | Checks |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** Every operation of the OpenAPI document, by service group: method, path, what it answers. */
export async function operationsTable(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'rates-docs-'));
  const store = openStore(join(dir, 'docs.db'));
  try {
    await migrateToLatest(store.db);
    const app = await buildApp({ config: { ...loadConfig({}), logLevel: 'silent' }, store });
    await app.ready();
    const document = app.swagger() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; operationId?: string }>>;
    };
    await app.close();
    const rows: string[] = [];
    for (const { name } of SERVICE_GROUPS)
      for (const [path, methods] of Object.entries(document.paths))
        for (const [method, op] of Object.entries(methods))
          if (op.tags?.includes(name))
            rows.push(`| ${name} | ${method.toUpperCase()} | \`${path}\` | ${op.summary ?? ''} |`);
    return ['| Group | Method | Path | Answers |', '| --- | --- | --- | --- |', ...rows].join('\n');
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const GENERATED_PARTS: readonly GeneratedPart[] = [
  { path: 'docs/settings.md', name: 'settings table', source: 'src/settings.ts', make: settingsTable },
  {
    path: 'docs/import-formats.md',
    name: 'import types table',
    source: 'src/data-types/',
    make: importTypesTable,
  },
  {
    path: 'docs/operations.md',
    name: 'operations table',
    source: "the routes' schemas (the OpenAPI document)",
    make: operationsTable,
  },
];

/** `document` with `part` made anew, formatted as the repository's prettier formats it. */
export async function withPart(document: string, part: GeneratedPart): Promise<string> {
  const [start, end] = markers(part);
  const at = document.indexOf(start!);
  const until = document.indexOf(end!);
  if (at < 0 || until < at) throw new Error(`${part.path}: no '${part.name}' markers`);
  const made = `${document.slice(0, at + start!.length)}\n\n${await part.make()}\n\n${document.slice(until)}`;
  const options = (await resolveConfig(part.path)) ?? {};
  return format(made, { ...options, filepath: part.path });
}
