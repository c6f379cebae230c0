import type { Developer } from '../schemas/portal.js';
import type { DeveloperRow } from '../store/developer-repo.js';

export const toDeveloper = (row: DeveloperRow): Developer => ({
  id: row.id,
  name: row.name,
  email: row.email,
  pendingEmail: row.pending_email,
  confirmed: row.confirmed_at !== null,
  lang: row.lang,
  createdAt: row.created_at,
});

/** Emails are compared and kept lower-cased and trimmed. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
