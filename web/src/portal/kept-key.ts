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

/**
 * The kept key, when the portal noted whose it is and it no longer works as that: replaced (and past
 * its grace period), past its end, or its subscription neither active nor waiting for approval (the
 * explorer and /docs get 401 with it). Undefined when it works, or is not one of `subscriptions`'.
 */
export function keptStopped(
  subscriptions: Subscription[],
  now = Date.now(),
): { s: Subscription; slot: KeySlot; last4: string } | undefined {
  const key = localStorage.getItem(KEY_STORE);
  const [id, slot, last4] = (localStorage.getItem(KEPT_OF) ?? '').split('/');
  // Put by the explorer since (another key), or never noted: nothing known of it.
  if (!key || last4 !== key.slice(-4) || (slot !== 'primary' && slot !== 'secondary')) return undefined;
  const s = subscriptions.find((x) => String(x.id) === id);
  if (!s) return undefined;
  const current = slot === 'primary' ? s.primaryLast4 : s.secondaryLast4;
  const ends = slot === 'primary' ? s.primaryExpiresAt : s.secondaryExpiresAt;
  const previous = slot === 'primary' ? s.previousPrimary : s.previousSecondary;
  const works =
    current === last4
      ? ends === null || Date.parse(ends) > now
      : previous?.last4 === last4 && Date.parse(previous.endsAt) > now;
  const live = s.state === 'active' || s.state === 'submitted';
  return works && live ? undefined : { s, slot, last4 };
}
