import type { Api } from './api.js';
import { formatDay, t, type Key, type Lang } from './i18n.js';

/** What a view gets to render itself: the language, the API, its element, and ways to report. */
export interface Context {
  lang: Lang;
  api: Api;
  el: HTMLElement;
  /** The rest of the location hash after the view's name, e.g. ['101'] for #funds/101. */
  route: string[];
  /** False once the user has moved on: late answers are dropped. */
  current(): boolean;
  rerender(): void;
  navigate(hash: string): void;
  /** The element to focus once the next view is drawn (a pick moves the user on; focus must follow). */
  focusAfter(selector: string): void;
  notify(text: string, kind?: 'info' | 'error', detail?: string): void;
  fail(error: unknown): void;
}

export type View = (ctx: Context) => Promise<void>;

export const text = (ctx: Context, key: Key, vars?: Record<string, string | number>) =>
  t(ctx.lang, key, vars);
export const day = (ctx: Context, iso: string) => formatDay(iso, ctx.lang);

/** Replaces the view's content, unless the user has already moved on. */
export function show(ctx: Context, ...nodes: Node[]): void {
  if (ctx.current()) ctx.el.replaceChildren(...nodes);
}
