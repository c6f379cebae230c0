import { randomBytes } from 'node:crypto';
import { configDefaults, defineConfig } from 'vitest/config';

// The whole suite runs on SQLite, and again on PostgreSQL when TEST_DATABASE_URL names a server (each
// test makes a schema of its own there). Tests that are about SQLite itself say so in their titles.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl && !/^postgres(ql)?:\/\//i.test(postgresUrl)) {
  throw new Error(`TEST_DATABASE_URL must be a postgres:// URL (got '${postgresUrl}')`);
}
// Vitest reads this file more than once per run; the note is printed once.
if (!postgresUrl && !process.env.TEST_PG_SKIP_NOTED) {
  console.log('PostgreSQL suite skipped: set TEST_DATABASE_URL=postgres://... to run it');
  process.env.TEST_PG_SKIP_NOTED = '1';
}
// Names this run's schemas, so its global teardown drops what it made and nothing else.
process.env.TEST_PG_RUN ??= randomBytes(3).toString('hex');

// Test files that open no database (pure functions, documents, the log's writing, the cluster's
// hand-over of connections), checked with grep for helpers/, TEST_STORE and store.
const STORE_FREE = [
  'test/domain/**',
  'test/docs/**',
  'test/config.test.ts',
  'test/cli/start-bundle.test.ts',
  'test/cluster/leave.e2e.test.ts',
  'test/cluster/window-tally.test.ts',
  'test/gateway/duration-histogram.test.ts',
  'test/gateway/window-counters.test.ts',
  'test/http/accept-encoding.test.ts',
  'test/http/connection-key.test.ts',
  'test/http/log-destination.test.ts',
  'test/http/log-destination-exit.e2e.test.ts',
  'test/ingest/duplicates.test.ts',
  'test/ingest/fields.test.ts',
  'test/ingest/sources.test.ts',
  'test/nav/nav-json.test.ts',
  'test/sources/answer-reader.test.ts',
  'test/sources/transport.test.ts',
  'test/connectors/sec-mapping.test.ts',
  'test/market/outlook-thai.test.ts',
];

// Test files that open a store only because the app needs one, about what no store takes part in: the
// docs and explorer pages, security headers, connection caps, the client's packaging and `npm start`'s
// signals. A second run on PostgreSQL (some 50 s of CI's two cores) would repeat the first.
const STORE_INCIDENTAL = [
  'test/routes/docs.test.ts',
  'test/routes/explorer.test.ts',
  'test/http/security-headers.test.ts',
  'test/http/client-connections.test.ts',
  'test/http/connection-limits.test.ts',
  'test/client/install.e2e.test.ts',
  'packages/client/test/package.e2e.test.ts',
  'test/cli/npm-start.e2e.test.ts',
];

// Test files whose behaviour takes no part of the store's SQL (limits, headers, connections, logging,
// the answer cache, the OpenAPI shapes, the sync's transport against hostile upstreams): they open a
// store for the app but a PostgreSQL run would prove nothing the SQLite run has not. PostgreSQL runs the
// store-dependent rest (store, ingest, repositories, admin, the operations' queries, portal, sync's
// publishing, connectors).
const STORE_AGNOSTIC = [
  'test/cache/**',
  'test/http/accept-encoding.test.ts',
  'test/http/client-connections.test.ts',
  'test/http/key-guessing.test.ts',
  'test/http/limits.test.ts',
  'test/http/logging.test.ts',
  'test/http/metrics-access.test.ts',
  'test/http/openapi.test.ts',
  'test/http/outage-log.test.ts',
  'test/http/overload.test.ts',
  'test/http/protocol-edges.test.ts',
  'test/http/redis-failures.test.ts',
  'test/http/repeated-parameters.test.ts',
  'test/http/request-id.test.ts',
  'test/http/response-cache.test.ts',
  'test/http/security.test.ts',
  'test/routes/changes.test.ts',
  'test/sync/hostile-*.test.ts',
  'test/sync/cli-options.test.ts',
  'test/client/client.test.ts',
];

// Files that change what the next file in the same worker would see, run each in a module graph of its
// own: a mocked node:fs. Every other file of `npm test` shares its
// worker's modules with the files before it (isolate: false): importing the service afresh for each
// file was half of the suite's time on two cores (32 route files: 264 s isolated, 131 s shared).
const ISOLATED = ['test/cli/restore-put-back.test.ts'];

/**
 * Files about one store's own machinery (the SQLite file and its disk; a PostgreSQL server's outage,
 * shared server and dump): each runs in its store's project only, where the other's would list them as
 * skipped. Each file also says so itself (describe.runIf), for a run that names it.
 */
const SQLITE_ONLY = [
  'test/gateway/usage-disk-full.test.ts',
  'test/cli/file-modes.test.ts',
  'test/cli/backup.e2e.test.ts',
  'test/cli/backup-checks.e2e.test.ts',
  'test/cli/storage-faults.e2e.test.ts',
];
const POSTGRES_ONLY = [
  'test/http/database-outage.test.ts',
  'test/store/postgres/**',
  'test/cli/backup-postgres.e2e.test.ts',
];

/**
 * Journeys run once, on SQLite: what their processes do with the store (imports, syncs, connector
 * runs, approvals) is proven on both stores in process; on PostgreSQL the journeys run are those
 * where the store is part of the process's life: serving, signals and shutdown, the cluster, two
 * nodes, backup and restore.
 */
const JOURNEYS_ONCE = [
  'test/cli/admin-port.e2e.test.ts',
  'test/cli/import.e2e.test.ts',
  'test/cli/portal-links.e2e.test.ts',
  'test/cli/public-access.e2e.test.ts',
  'test/cli/subscriptions.e2e.test.ts',
  'test/connectors/bot-cli.e2e.test.ts',
  'test/connectors/sec-funds-cli.e2e.test.ts',
  'test/http/openapi-examples.e2e.test.ts',
  'test/sync/cli.e2e.test.ts',
];

// The whole-process journeys (`npm run test:e2e`, vitest.e2e.config.ts): the browser files, and every
// file named *.e2e.test.ts (a `serve`, `npm start`, a cluster, signals, two processes at work). What a
// file tests in process (the app through inject, the CLI through test/helpers/cli-in-process.ts) is
// `npm test`'s.
export const E2E = ['test/web/**/*.test.ts', 'test/site/**/*.test.ts', '**/*.e2e.test.ts'];

export type Suite = 'test' | 'e2e';

/** `npm test` (pure and in-process files) or `npm run test:e2e` (the processes and browsers). */
export function suiteConfig(suite: Suite) {
  const sqliteName = suite === 'test' ? 'sqlite' : 'e2e';
  const postgresName = suite === 'test' ? 'postgres' : 'e2e-postgres';
  const inSuite =
    suite === 'test'
      ? { include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'], exclude: E2E }
      : { include: E2E, exclude: [] };
  return defineConfig({
    test: {
      // Which files each project runs is the project's own (include and exclude), not set here: a
      // project's lists are added to these, so a project could only ever run more.
      pool: 'forks',
      // The server's bundle that the tests' processes run (test/helpers/cli.ts), made before any test;
      // for the journeys, the demo database too, made once and copied (test/helpers/demo-setup.ts).
      // The worker threads start from that bundle too (test/helpers/threads-setup.ts).
      setupFiles: ['test/helpers/threads-setup.ts'],
      globalSetup:
        suite === 'test'
          ? ['test/helpers/bundle-setup.ts']
          : ['test/helpers/bundle-setup.ts', 'test/helpers/demo-setup.ts'],
      // Most test files spend their time waiting on a server, a child process or a browser, so two files
      // at a time keep a 2-core machine busy (vitest's default there is one).
      maxWorkers: 2,
      // The pool's setting (a worker kept from file to file, or one per file); each project's own
      // `isolate` below decides whether a kept worker imports the modules afresh for each file.
      isolate: suite === 'e2e',
      testTimeout: 30_000,
      hookTimeout: 120_000,
      // A poll waits for what a page or a second process does next; on a loaded CI machine that can take
      // well over vitest's default second, and a poll that succeeds returns as soon as it does.
      expect: { poll: { timeout: 10_000 } },
      projects: [
        {
          extends: true,
          test: {
            name: sqliteName,
            env: { TEST_STORE: 'sqlite' },
            isolate: suite === 'e2e',
            include: inSuite.include,
            exclude: [
              ...configDefaults.exclude,
              ...inSuite.exclude,
              ...POSTGRES_ONLY,
              ...(suite === 'test' ? ISOLATED : []),
            ],
          },
        },
        ...(suite === 'test'
          ? [
              {
                extends: true as const,
                test: {
                  name: 'sqlite-isolated',
                  env: { TEST_STORE: 'sqlite' },
                  isolate: true,
                  include: ISOLATED,
                },
              },
            ]
          : []),
        ...(postgresUrl
          ? [
              {
                extends: true as const,
                test: {
                  name: postgresName,
                  isolate: suite === 'e2e',
                  include: inSuite.include,
                  env: { TEST_STORE: 'postgres', TEST_PG_RUN: process.env.TEST_PG_RUN },
                  // The browser tests are about the pages; the answers they read are tested on both
                  // stores by the route tests, so a second browser run would only add minutes. The
                  // rest excluded here never open a store, or open one that takes no part in what they
                  // test: a second run would repeat the first.
                  exclude: [
                    ...configDefaults.exclude,
                    ...inSuite.exclude,
                    ...STORE_FREE,
                    ...STORE_INCIDENTAL,
                    ...STORE_AGNOSTIC,
                    ...ISOLATED,
                    ...JOURNEYS_ONCE,
                    ...SQLITE_ONLY,
                    'test/web/**',
                    'test/site/**',
                  ],
                  globalSetup: ['test/helpers/postgres-setup.ts'],
                },
              },
            ]
          : []),
      ],
    },
  });
}

// A file of the journeys named to `npx vitest run` finds no test here: say where it runs.
const named = process.argv.slice(2).filter((a) => /\.test\.ts$/.test(a));
const e2eNamed = named.filter((a) => /(^|\/)test\/(web|site)\/|\.e2e\.test\.ts$/.test(a));
if (e2eNamed.length > 0 && !process.argv.some((a) => a.includes('vitest.e2e.config'))) {
  console.log(
    `${e2eNamed.join(', ')}: a journey of npm run test:e2e; run it with npx vitest run --config vitest.e2e.config.ts ${e2eNamed.join(' ')}`,
  );
}

export default suiteConfig('test');
