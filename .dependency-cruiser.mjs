// Import rules checked by `npm run lint` (depcruise): no module may import itself back, directly or
// through others. A cycle makes load order matter (a module sees another half-initialised) and ties
// modules that should change apart; type-only imports count too, since they tie modules all the same.
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
