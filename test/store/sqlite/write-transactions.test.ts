import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/db.js';
import { migrateToLatest } from '../../../src/store/migrate.js';
import { SubscriptionRepository } from '../../../src/store/subscription-repo.js';
import { UsageRepository } from '../../../src/store/usage-repo.js';

/** Runs `before` just before the first UPDATE the database runs (after the transaction's read). */
function beforeFirstUpdate(before: () => void): KyselyPlugin {
  let done = false;
  return {
    transformQuery: (args) => {
      if (!done && args.node.kind === 'UpdateQueryNode') {
        done = true;
        before();
      }
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function twoConnections(): Promise<[Store, Store]> {
  const dir = mkdtempSync(join(tmpdir(), 'rates-write-trx-'));
  dirs.push(dir);
  const url = `sqlite:${join(dir, 'rates.db')}`;
  const cli = openStore(url);
  await migrateToLatest(cli.db);
  // The server's write fails at once when the lock is taken, instead of after its 100 ms.
  const server = openStore(url, { busyTimeoutMs: 0 });
  stores.push(cli, server);
  return [cli, server];
}

describe('a SQLite write transaction beside another process that writes', () => {
  it("is not broken by the other's commit between its read and its write: the other waits for it", async () => {
    const [cli, server] = await twoConnections();
    const { subscription } = await new SubscriptionRepository(cli.db).create({ name: 'live' });
    if (server.dialect !== 'sqlite') throw new Error('two SQLite connections expected');
    const countCall = server.sqlite.prepare(
      "insert into usage values (?, '2026-11-26', 'LatestDate', '2xx', 1) " +
        'on conflict do update set count = count + 1',
    );
    let serverWrite = 'not tried';
    // The server counts usage (every few seconds) after the CLI's transaction has read the
    // subscription and before it writes: the moment a CLI command met in CI.
    const plugin = beforeFirstUpdate(() => {
      try {
        countCall.run(subscription.id);
        serverWrite = 'written';
      } catch (error) {
        serverWrite = (error as Error).message;
      }
    });

    const suspended = await new SubscriptionRepository(cli.db.withPlugin(plugin)).act(
      subscription.id,
      'suspend',
    );

    expect(suspended.state).toBe('suspended');
    // The server's write found the lock taken and failed at once; the server retries usage later, as
    // after any busy lock, and then it goes through.
    expect(serverWrite).toBe('database is locked');
    countCall.run(subscription.id);
    expect(await new UsageRepository(cli.db).report({ subscriptionId: subscription.id })).toHaveLength(1);
  });
});
