import { AdminTokenRepository } from '../store/admin-token-repo.js';
import { withStore } from './with-store.js';

export async function adminTokenCreateCommand(options: { name: string }): Promise<void> {
  await withStore(async (store) => {
    const { id, token } = await new AdminTokenRepository(store.db).create(options.name);
    console.log(`Admin token ${id} '${options.name}' created. It is shown only now; store it safely.`);
    console.log(token);
  });
}
