// One rule for every email address the portal takes (sign-up, sign-in, forgot, a new address, an
// invitation): a plain address and nothing else. Display names (`Ann <ann@x.test>`), lists
// (`a@x.test,b@x.test`), quoted or bracketed parts, whitespace and control characters are refused: each
// is a way to reach one mailbox under many spellings (each counted apart), to write into a mail header,
// or to send a database a byte it refuses (NUL: a 500 on PostgreSQL).

/** RFC 5321's longest path; local part at most 64 octets, a domain label at most 63. */
const MAX_ADDRESS = 254;
const LOCAL = /^[^\s\p{Cc}\p{Cf}@<>()[\]\\,;:"]{1,64}$/u;
const LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;
/**
 * Reserved top-level domains that never reach anyone: `invalid` (RFC 2606), which also marked closed
 * accounts once (a sign-up could take the value an erasure was about to write). `test` and `example`
 * stay allowed: developers try the portal offline (outbox mode) with such addresses.
 */
const RESERVED = new Set(['invalid']);

export const EMAIL_RULE =
  'Give a plain email address: one @, a domain with a dot, no name, list, brackets, quotes, spaces or control characters.';

/** The address as the portal keeps it (trimmed, lower-cased), or undefined when it is not a plain one. */
export function plainEmail(text: string): string | undefined {
  const email = text.trim().toLowerCase();
  if (email.length > MAX_ADDRESS) return undefined;
  const parts = email.split('@');
  if (parts.length !== 2) return undefined;
  const [local, domain] = parts as [string, string];
  const labels = domain.split('.');
  if (!LOCAL.test(local) || labels.length < 2 || !labels.every((l) => LABEL.test(l))) return undefined;
  if (RESERVED.has(labels.at(-1)!)) return undefined;
  return email;
}

/**
 * The mailbox an address reaches, for counting mail per recipient: the `+tag` of the local part goes
 * (most providers deliver `ann+1@` to `ann@`), so tags do not make one person many recipients.
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.replace(/\+.*$/, '')}@${domain}`;
}
