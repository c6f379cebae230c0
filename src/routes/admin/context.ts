import type { Store } from '../../store/db.js';
import type { AdminTokenRepository } from '../../store/admin-token-repo.js';
import type { Gateway } from '../../gateway/index.js';
import type { Mailer } from '../../portal/mailer.js';
import type { PortalSettings } from '../../portal/public-url.js';

/** What the admin routes are built with. */
export interface AdminContext {
  store: Store;
  adminTokens: AdminTokenRepository;
  bodyLimit: number;
  now: () => Date;
  /** Subscription changes made here are applied to this process's gateway at once. */
  gateway: Gateway;
  /** Portal mail (approvals, rejections, invitations) and the settings its links are built from. */
  mailer: Mailer;
  portalConfig: PortalSettings;
}
