import { ActionError } from '../domain/errors.js';
import { perDeveloperOf } from '../domain/products.js';
import { makeMailer } from '../portal/mailer.js';
import { PortalOperator } from '../portal/operator.js';
import { servingAddress } from '../portal/public-url.js';
import type { ProductInfo, ProductUpdate } from '../schemas/portal.js';
import type { Store } from '../store/db.js';
import { ProductRepository } from '../store/product-repo.js';
import type { Config } from '../config.js';
import { parseQuota, parseRate } from './subscription-options.js';
import { table } from './table.js';
import { withStore } from './with-store.js';

// `rates products`, `rates developers` and `rates subscriptions`: the admin API's portal routes on the
// command line (one PortalOperator, one ProductRepository). Changes to subscriptions move the change
// counter, which withStore announces (REDIS_URL), so running servers apply them within a second.

export interface ProductOptions {
  name?: string;
  descriptionEn?: string;
  descriptionTh?: string;
  groups?: string;
  rate?: string;
  quota?: string;
  approval?: boolean;
  perDeveloper?: string;
  terms?: string;
  json?: boolean;
}

function productUpdate(o: ProductOptions): ProductUpdate {
  const rate = o.rate === undefined ? undefined : parseRate(o.rate);
  return {
    ...(o.name !== undefined && { name: o.name }),
    ...(o.descriptionEn !== undefined && { descriptionEn: o.descriptionEn }),
    ...(o.descriptionTh !== undefined && { descriptionTh: o.descriptionTh }),
    ...(o.groups !== undefined && { groups: o.groups }),
    ...(rate !== undefined && { rateLimit: rate && { calls: rate.calls, seconds: rate.periodSeconds } }),
    ...(o.quota !== undefined && { quota: parseQuota(o.quota) }),
    ...(o.approval !== undefined && { approval: o.approval }),
    ...(o.perDeveloper !== undefined && { perDeveloper: perDeveloperOf(o.perDeveloper) }),
    ...(o.terms !== undefined && { terms: o.terms }),
  };
}

const withProducts = <T>(work: (repo: ProductRepository) => Promise<T>) =>
  withStore((store) => work(new ProductRepository(store.db)));
const withOperator = <T>(work: (operator: PortalOperator, store: Store) => Promise<T>) =>
  withStore(async (store, config: Config) => {
    const mailer = makeMailer(config, (line) => console.error(line));
    // Links name PUBLIC_URL, else where the last server started listens (this shell may lack its PORT).
    const { url } = await servingAddress(store.db, config);
    try {
      return await work(new PortalOperator(store, mailer, { portal: config.portal, publicUrl: url }), store);
    } finally {
      mailer.close();
    }
  });

export async function productsCreateCommand(options: ProductOptions & { name: string }): Promise<void> {
  await withProducts(async (repo) =>
    printProduct(await repo.create({ ...productUpdate(options), name: options.name }), options.json),
  );
}

export async function productsListCommand(options: { json?: boolean }): Promise<void> {
  await withProducts(async (repo) => {
    const all = await repo.list();
    if (options.json) return console.log(JSON.stringify(all, null, 2));
    console.log(
      table(
        ['ID', 'NAME', 'PUBLISHED', 'GROUPS', 'RATE LIMIT', 'QUOTA', 'APPROVAL', 'PER DEVELOPER'],
        all.map((p) => [
          String(p.id),
          p.name,
          p.published ? 'yes' : 'no',
          p.groups.join(','),
          rateText(p),
          quotaText(p),
          p.approval ? 'yes' : 'no',
          String(p.perDeveloper),
        ]),
      ),
    );
  });
}

export async function productsShowCommand(id: number, options: { json?: boolean }): Promise<void> {
  await withProducts(async (repo) => {
    const product = await repo.get(id);
    if (!product) throw new ActionError('not-found', `Product ${id} was not found`);
    printProduct(product, options.json);
  });
}

export async function productsUpdateCommand(id: number, options: ProductOptions): Promise<void> {
  await withProducts(async (repo) =>
    printProduct(await repo.update(id, productUpdate(options)), options.json),
  );
}

export function productsPublishCommand(published: boolean) {
  return async (id: number): Promise<void> => {
    await withProducts(async (repo) => printProduct(await repo.update(id, { published })));
  };
}

export async function developersListCommand(options: { json?: boolean }): Promise<void> {
  await withOperator(async (operator) => {
    const all = await operator.list();
    if (options.json) return console.log(JSON.stringify(all, null, 2));
    console.log(
      table(
        ['ID', 'EMAIL', 'NAME', 'CONFIRMED', 'STATE', 'SUBSCRIPTIONS', 'CREATED'],
        all.map((d) => [
          String(d.id),
          d.email,
          d.name,
          d.confirmed ? 'yes' : 'no',
          d.closed ? 'closed' : d.blocked ? 'blocked' : 'active',
          String(d.subscriptions),
          d.createdAt,
        ]),
      ),
    );
  });
}

export async function developersShowCommand(id: number, options: { json?: boolean }): Promise<void> {
  await withOperator(async (operator) => {
    const shown = await operator.show(id);
    if (options.json) return console.log(JSON.stringify(shown, null, 2));
    const d = shown.developer;
    console.log(
      `Developer ${d.id} ${d.email} '${d.name}' (${d.lang}), ${d.closed ? 'closed' : d.blocked ? 'blocked' : 'active'}, ${d.confirmed ? 'confirmed' : 'not confirmed'}, since ${d.createdAt}`,
    );
    for (const s of shown.subscriptions) console.log(`  subscription ${s.id} '${s.name}': ${s.state}`);
  });
}

export function developersBlockCommand(blocked: boolean) {
  return async (id: number): Promise<void> => {
    await withOperator(async (operator) => {
      const d = await operator.block(id, blocked);
      console.log(
        `Developer ${d.id} ${d.email} ${blocked ? 'blocked: cannot sign in, subscriptions suspended' : 'unblocked: subscriptions resumed'}.`,
      );
    });
  };
}

export async function developersInviteCommand(email: string, options: { lang?: string }): Promise<void> {
  const lang = options.lang === 'th' ? 'th' : 'en';
  await withOperator(async (operator) => {
    await operator.invite(email, lang);
    console.log(`Invitation sent to ${email} (link valid for 7 days).`);
  });
}

export async function subscriptionsPendingCommand(options: { json?: boolean }): Promise<void> {
  await withOperator(async (operator) => {
    const pending = await operator.pending();
    if (options.json) return console.log(JSON.stringify(pending, null, 2));
    if (pending.length === 0) return console.log('No subscription waits for approval.');
    console.log(
      table(
        ['ID', 'NAME', 'DEVELOPER', 'PRODUCT', 'CREATED'],
        pending.map((s) => [
          String(s.id),
          s.name,
          String(s.developerId ?? '-'),
          String(s.productId ?? '-'),
          s.createdAt,
        ]),
      ),
    );
  });
}

export async function subscriptionsApproveCommand(id: number): Promise<void> {
  await withOperator(async (operator) => {
    const s = await operator.decide(id, { approve: true });
    console.log(
      `Subscription ${s.id} '${s.name}' approved: its keys work now; the developer is told by email.`,
    );
  });
}

export async function subscriptionsRejectCommand(id: number, options: { reason: string }): Promise<void> {
  await withOperator(async (operator) => {
    const s = await operator.decide(id, { approve: false, reason: options.reason });
    console.log(`Subscription ${s.id} '${s.name}' rejected; the developer is told by email.`);
  });
}

function printProduct(p: ProductInfo, json = false): void {
  if (json) return console.log(JSON.stringify(p, null, 2));
  const lines: [string, string][] = [
    ['Product', `${p.id} '${p.name}'`],
    ['Published', p.published ? 'yes' : 'no'],
    ['Groups', p.groups.join(', ')],
    ['Rate limit', rateText(p)],
    ['Quota', quotaText(p)],
    ['Approval', p.approval ? 'required' : 'none'],
    ['Per developer', String(p.perDeveloper)],
    ['Description', p.description.en],
    ['Description th', p.description.th],
    ['Terms', p.terms === '' ? '-' : `${p.terms.length} characters`],
  ];
  console.log(lines.map(([k, v]) => `${`${k}:`.padEnd(16)}${v}`).join('\n'));
}

const rateText = (p: ProductInfo) => (p.rateLimit ? `${p.rateLimit.calls}/${p.rateLimit.seconds}s` : 'none');
const quotaText = (p: ProductInfo) => (p.quota ? `${p.quota.calls}/${p.quota.period}` : 'none');
