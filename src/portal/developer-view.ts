import type { Developer } from '../schemas/portal.js';
import type { DeveloperRow } from '../store/developer-repo.js';
import { plainEmail } from './addresses.js';
import { PortalError } from './errors.js';

export const toDeveloper = (row: DeveloperRow): Developer => ({
  id: row.id,
  name: row.name,
  email: row.email,
  pendingEmail: row.pending_email,
  confirmed: row.confirmed_at !== null,
  lang: row.lang,
  createdAt: row.created_at,
  twoStep: row.totp_enabled_at !== null,
});

/** An address a request gives, as kept (trimmed, lower-cased); 400 email_invalid unless a plain one. */
export function requestEmail(text: string): string {
  const email = plainEmail(text);
  if (email === undefined) throw new PortalError(400, 'email_invalid');
  return email;
}

/** Spaces and characters that draw nothing (zero-width, joiners, fillers such as U+3164), at either end. */
const EDGES = /^[\s\p{Default_Ignorable_Code_Point}]+|[\s\p{Default_Ignorable_Code_Point}]+$/gu;
/** One character that draws something on its own: not a space, control, format, mark or blank. */
const VISIBLE = /[^\s\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}\u2800]/u;

/**
 * A name a request gives (a developer's, a subscription's) without what surrounds it unseen; 400
 * name_invalid when nothing of it can be seen: a blank name shows nothing in a list or an email.
 */
export function requestName(text: string): string {
  const name = text.replace(EDGES, '');
  if (!VISIBLE.test(name)) throw new PortalError(400, 'name_invalid');
  return name;
}
