// A PostgreSQL database made afresh for a benchmark, through the server's maintenance database.
import pg from 'pg';

/** Drops and creates the database `url` names (its data is the benchmark's own, never kept). */
export async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`benchmark database name '${name}' is not a plain name`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect().catch((error: Error) => {
    throw new Error(`PostgreSQL at ${admin.host} does not answer: ${error.message}`);
  });
  try {
    await client.query(`drop database if exists ${name}`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
