import type { Lang } from '../i18n.js';
import type { KeySlot, PortalApi, Session } from './api.js';
import type { PortalKey } from './texts.js';

/** Keys just made or regenerated: shown once, on the next view of the profile, then gone. */
export interface Revealed {
  /** The subscription's id: a key kept in this browser notes whose it is. */
  id: number;
  name: string;
  keys: { slot: KeySlot; key: string }[];
  submitted: boolean;
  /** Said under the keys at once (the kept key was renewed with them). */
  note?: string;
}

/** What a view of the portal gets: the language, the API, the session, its place in the page. */
export interface PortalContext {
  lang: Lang;
  api: PortalApi;
  session: Session;
  el: HTMLElement;
  /** The hash's parts after the view's name: #usage/12 gives ['12']. */
  route: string[];
  t(key: PortalKey, vars?: Record<string, string | number>): string;
  /** Whether this view is still the one on show (the reader may have moved on while it loaded). */
  current(): boolean;
  /** Goes to `hash` (a new history entry) and tells `message` once it is drawn. */
  navigate(hash: string, message?: string): Promise<void>;
  /**
   * Asks the session anew (after sign-in, sign-out, a changed password) and draws `hash` or the same
   * page again, then tells `message` (this view's notify is stale by then: another page is on show).
   */
  refresh(hash?: string, message?: string): Promise<void>;
  notify(text: string, kind?: 'info' | 'error'): void;
  /** Tells a failed call in the reader's language, by its code. */
  fail(error: unknown): void;
  reveal(revealed: Revealed): void;
  takeRevealed(): Revealed | undefined;
}

export type PortalView = (ctx: PortalContext) => Promise<void> | void;
