import { format, resolveConfig } from 'prettier';
import { SETTINGS, type Setting } from '../src/settings.js';

/** The generated part of docs/settings.md lies between these lines. */
export const TABLE_START = '<!-- settings table: made by `npm run docs:settings` from src/settings.ts -->';
export const TABLE_END = '<!-- end of settings table -->';

function shown(setting: Setting): string {
  if (setting.shownDefault !== undefined) return `\`${setting.shownDefault}\``;
  const value = setting.default;
  if (value === null) return '(unset)';
  if (Array.isArray(value)) return `\`${value.join(',')}\``;
  return `\`${String(value)}\``;
}

/** The settings table as Markdown, one row per setting of src/settings.ts. */
export function settingsTable(): string {
  const rows = (Object.values(SETTINGS) as Setting[]).map(
    (s) => `| \`${s.env}\` | ${s.type} | ${shown(s)} | ${s.description} |`,
  );
  return ['| Variable | Type | Default | Meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** `document` with its settings table made anew, formatted as the repository's prettier formats it. */
export async function withSettingsTable(document: string, path: string): Promise<string> {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${path}: no settings table markers`);
  const made = `${document.slice(0, start + TABLE_START.length)}\n\n${settingsTable()}\n\n${document.slice(end)}`;
  const options = (await resolveConfig(path)) ?? {};
  return format(made, { ...options, filepath: path });
}
