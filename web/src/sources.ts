import { text, type Context } from './context.js';
import { h } from './dom.js';

interface Credit {
  connector: string;
  source: string;
  groups: string[];
}

let credits: Promise<Credit[]> | undefined;

/**
 * "Source: ..." under a view whose data a connector published (docs/connectors.md), from the
 * service's /sources.json (read once a page load); nothing when none did, or when it cannot be read.
 */
export async function sourceLine(ctx: Context, group: string): Promise<HTMLElement | undefined> {
  credits ??= fetch('/sources.json', { cache: 'no-cache' })
    .then((res) => (res.ok ? (res.json() as Promise<Credit[]>) : []))
    .catch(() => []);
  const sources = (await credits).filter((c) => c.groups.includes(group)).map((c) => c.source);
  if (sources.length === 0) return undefined;
  return h('p', { class: 'source' }, text(ctx, 'source', { source: sources.join('; ') }));
}
