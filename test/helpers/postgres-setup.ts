import { onServer } from './store.js';

/**
 * Global setup of the `postgres` project: fail at once, with the reason, when the server does not
 * answer, and drop whatever schemas this run's tests left behind (a test that failed before its close).
 */
export async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL!;
  await onServer((c) => c.query('select 1'), url).catch((error: Error) => {
    throw new Error(`TEST_DATABASE_URL=${url} does not answer: ${error.message}`);
  });
  return async () => {
    await onServer(async (c) => {
      const { rows } = await c.query<{ name: string }>(
        `select nspname as name from pg_namespace where nspname like $1`,
        [`t\\_${process.env.TEST_PG_RUN}\\_%`],
      );
      for (const { name } of rows) await c.query(`drop schema if exists ${name} cascade`);
    }, url);
  };
}
