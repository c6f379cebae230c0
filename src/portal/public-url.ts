import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../store/schema.js';

/** What the portal's accounts and operator need of the settings: the sign-up mode, the links' address. */
export interface PortalSettings {
  portal: Config['portal'];
  publicUrl: () => string;
  /** PORTAL_CONTACT: whom to ask when sign-up is closed or by invitation (the page shows it). */
  contact?: string | null;
  /** RATE_LIMIT_WARNING: refusals by the rate limit in an hour past which the developer is mailed. */
  rateLimitWarning?: number;
}

/**
 * The address links in portal emails start with (and the Atom feed's): PUBLIC_URL when set, else the
 * address this server listens on, as its start banner prints it, so a link opens the same origin as
 * the banner's explorer (the key and the session kept "in this browser" are per origin). Never a
 * request's Host header, which the caller chooses.
 */
export class PublicAddress {
  private listening: string | undefined;

  constructor(
    private readonly config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
    /** Where the server last said it listens (a CLI command: read from the database). */
    recorded?: string,
  ) {
    this.listening = recorded;
  }

  readonly url = (): string => this.config.publicUrl ?? this.listening ?? hostAndPort(this.config);

  /** The server listens at `url` (what app.listen answered, the banner's address). */
  listen(url: string): void {
    this.listening = url.replace(/\/+$/, '');
  }
}

/** http://HOST:PORT, an address that answers on this machine when HOST is every interface. */
function hostAndPort({ host, port }: Pick<Config, 'host' | 'port'>): string {
  const name = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

// The address is kept in the database so that a CLI command (`rates subscriptions approve`), run in a
// shell that has the database's settings but not necessarily the server's HOST and PORT, mails links
// to where the service is. One row; the last server to start writes it.
interface ServingAddressTable {
  id: number;
  url: string;
  since: string;
}
const withAddress = (db: Kysely<Database>) => db.withTables<{ serving_address: ServingAddressTable }>();

export async function recordServingAddress(
  db: Kysely<Database>,
  url: string,
  now = new Date(),
): Promise<void> {
  const row = { id: 1, url, since: now.toISOString() };
  await withAddress(db)
    .insertInto('serving_address')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ url, since: row.since }))
    .execute();
}

/** PUBLIC_URL, else the address the last server started said it listens on, else HOST:PORT. */
export async function servingAddress(
  db: Kysely<Database>,
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
): Promise<PublicAddress> {
  const row = await withAddress(db).selectFrom('serving_address').select('url').executeTakeFirst();
  return new PublicAddress(config, row?.url);
}
