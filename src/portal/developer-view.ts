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
});

/** An address a request gives, as kept (trimmed, lower-cased); 400 email_invalid unless a plain one. */
export function requestEmail(text: string): string {
  const email = plainEmail(text);
  if (email === undefined) throw new PortalError(400, 'email_invalid');
  return email;
}
