import type { KeySlot, Subscription } from './api.js';

// The key kept in this browser for the explorer and /docs "Try it out" (they read the explorer's key
// store), and which subscription's key it is, so that what the portal does to that key reaches them:
// regenerated, the new key takes its place; cancelled, it is let go. The key itself stays in this
// browser and is never sent anywhere.

/** The explorer's key store (web/src/main.ts); /docs reads it too. */
export const KEY_STORE = 'rates-explorer.key';
/** `ID/slot/last4` of the kept key; the last four tell whether it is still the key kept (the explorer may put another). */
const KEPT_OF = 'rates-portal.kept-key-of';

/** Keeps `key`, the `slot` key of subscription `id`, in this browser. */
export function keep(key: string, id: number, slot: KeySlot): void {
  localStorage.setItem(KEY_STORE, key);
  localStorage.setItem(KEPT_OF, `${id}/${slot}/${key.slice(-4)}`);
}

/** Whether the key kept in this browser is `slot` of `s`. */
export function keptIs(s: Subscription, slot: KeySlot): boolean {
  const key = localStorage.getItem(KEY_STORE);
  if (!key) return false;
  const of = localStorage.getItem(KEPT_OF);
  const last4 = slot === 'primary' ? s.primaryLast4 : s.secondaryLast4;
  if (of?.endsWith(`/${key.slice(-4)}`)) return of === `${s.id}/${slot}/${last4}`;
  // Kept before the portal noted whose it is, or put by the explorer: known by its last four only.
  return key.slice(-4) === last4;
}

/** Lets the kept key go (it stopped working). */
export function dropKept(): void {
  localStorage.removeItem(KEY_STORE);
  localStorage.removeItem(KEPT_OF);
}
