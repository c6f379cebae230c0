// `npm run test:e2e`: each whole-process journey once (vitest.config.ts's E2E files): `npm start` and its
// signals, the cluster, two nodes, backup and restore, sync between processes, a connector run, and the
// browser files, on the demo database made once per run. One file: npx vitest run --config
// vitest.e2e.config.ts test/cli/serve.e2e.test.ts
import { suiteConfig } from './vitest.config.js';

export default suiteConfig('e2e');
