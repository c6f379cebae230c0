import type { Api } from './api.js';
import { bangkokDayOf, bangkokToday } from './dates.js';
import { formatDay, t, type Key, type Lang } from './i18n.js';

/** What a view gets to render itself: the language, the API, its element, and ways to report. */
export interface Context {
  lang: Lang;
  api: Api;
  el: HTMLElement;
  /** The rest of the location hash after the view's name, e.g. ['101'] for #funds/101. */
  route: string[];
  /** The view's settings from the link, after '?' in the hash (#fx?currency=EUR&period=1Y). */
  params: URLSearchParams;
  /** True when drawn from a link (a load, a shared link, Back): settings in `params` are to be shown. */
  linked: boolean;
  /**
   * Writes what the view shows into the link (its path after the view's name, and its settings; empty
   * ones left out), without drawing anew: a reload or a shared link gives the same view.
   */
  keep(path: string[], settings: Record<string, string | undefined>): void;
  /** False once the user has moved on: late answers are dropped. */
  current(): boolean;
  rerender(): void;
  navigate(hash: string): void;
  /** The element to focus once the next view is drawn (a pick moves the user on; focus must follow). */
  focusAfter(selector: string): void;
  notify(text: string, kind?: 'info' | 'error', detail?: string): void;
  /**
   * Tells a failed call right after `near` (by default the part of the view the reader acts in; a
   * refused key beside the key field); what the view shows stays.
   */
  fail(error: unknown, near?: HTMLElement): void;
}

export type View = (ctx: Context) => Promise<void>;

export const text = (ctx: Context, key: Key, vars?: Record<string, string | number>) =>
  t(ctx.lang, key, vars);
export const day = (ctx: Context, iso: string) => formatDay(iso, ctx.lang);

/** The Bangkok day of the instant the page shows data as of (its answers' "today"); none: the latest. */
export const asOfDay = (ctx: Context): string | undefined =>
  ctx.api.asOf ? bangkokDayOf(ctx.api.asOf.getTime()) : undefined;
/** The answers' "today": the as-of day, else today in Bangkok. */
export const todayOf = (ctx: Context): string => asOfDay(ctx) ?? bangkokToday();
/** `latest`'s text, or as of a past instant `asOf`'s, which names its day ({day}). */
export function asOfText(ctx: Context, latest: Key, asOf: Key): string {
  const on = asOfDay(ctx);
  return on ? t(ctx.lang, asOf, { day: day(ctx, on) }) : t(ctx.lang, latest);
}

/** Replaces the view's content, unless the user has already moved on. */
export function show(ctx: Context, ...nodes: Node[]): void {
  if (ctx.current()) ctx.el.replaceChildren(...nodes);
}
