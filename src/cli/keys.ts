import { KeyRepository } from '../store/key-repo.js';
import { withStore } from './with-store.js';

export async function keysCreateCommand(options: { name: string; owner?: string }): Promise<void> {
  await withStore(async (store) => {
    const created = await new KeyRepository(store.db).create(options.name, options.owner ?? null);
    console.log(`Subscription ${created.subscription.id} '${created.subscription.name}' created.`);
    console.log('The keys are shown only now; store them safely.');
    console.log(`Secondary key: ${created.secondaryKey}`);
    console.log('Primary key:');
    console.log(created.primaryKey);
  });
}
