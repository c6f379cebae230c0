// Import rules checked by `npm run lint` (depcruise).
//
// Files: no module may import itself back, directly or through others. A cycle makes load order matter
// (a module sees another half-initialised) and ties modules that should change apart; type-only
// imports count too, since they tie modules all the same.
//
// Folders of src/ stand in tiers (CONTRIBUTING.md, Layout): a folder imports only from its own tier or
// the tiers below, so a lower folder never learns of a higher one and a new data type touches no folder
// beneath its group. Within a tier one folder may use another, but two folders never import each other
// (directly or through others). A folder or root file not named here is at the top (the app and its
// composition, routes, sync, ingest, the CLI, the cluster): nothing below may import it. Tests and
// benchmarks may import anything.

import { existsSync, readdirSync } from 'node:fs';
import { URL } from 'node:url';

/** The service groups' folders: those that declare a group (group.ts, src/http/service-group.ts). */
const src = new URL('./src/', import.meta.url);
const GROUPS = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/group.ts`, src)))
  .map((entry) => entry.name);

/** Bottom first; each entry is the folders (or root files) of one tier. */
const TIERS = [
  // Pure logic and the settings table: no I/O, no framework.
  { name: 'foundation', paths: ['domain/', 'settings\\.ts$', 'config\\.ts$', 'thread\\.ts$'] },
  // TypeBox shapes shared by the groups and the admin API.
  { name: 'shapes', paths: ['schemas/'] },
  // The data types' declarations (src/data-types/index.ts): columns, checks, demo rows. Pure.
  { name: 'declarations', paths: ['data-types/'] },
  // The database, the caches, the gateway's counters and the framework-free per-call core.
  { name: 'infrastructure', paths: ['store/', 'cache/', 'gateway/', 'calls/'] },
  // Fastify's adapters over the per-call core (the groups' routes use its error handling).
  { name: 'http', paths: ['http/'] },
  // One folder per service group: routes, schemas, repository, presenter. They get their
  // repositories and caches handed in by the composition above them.
  { name: 'groups', paths: GROUPS.map((group) => `${group}/`) },
  // The typed client (reads the groups' answer types).
  { name: 'client', paths: ['client/'] },
];

const pattern = (paths) => `^src/(${paths.join('|')})`;

const upward = TIERS.map((tier, index) => ({
  name: `no-upward-from-${tier.name}`,
  severity: 'error',
  comment:
    `A ${tier.name} folder imports a higher one. Hand what it needs in from the composition above ` +
    '(src/composition/), or move the shared piece down to the lower folder (see .dependency-cruiser.mjs).',
  from: { path: pattern(tier.paths) },
  to: { path: '^src/', pathNot: pattern(TIERS.slice(0, index + 1).flatMap((t) => t.paths)) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other back; move what both need into a module of its own.',
      from: {},
      to: { circular: true },
    },
    ...upward,
    {
      name: 'no-two-way-folders',
      severity: 'error',
      scope: 'folder',
      comment:
        "Two folders of src/ import each other (maybe through a third): move what both need into the lower one's tier.",
      from: { path: '^src/' },
      to: { path: '^src/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
