import type { Store } from '../../store/db.js';
import type { AdminTokenRepository } from '../../store/admin-token-repo.js';

/** What the admin routes are built with. */
export interface AdminContext {
  store: Store;
  adminTokens: AdminTokenRepository;
  bodyLimit: number;
  now: () => Date;
}
