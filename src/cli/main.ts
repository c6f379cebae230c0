#!/usr/bin/env node
// The `rates` command. Its commands (program.ts) load only after the nextTick warm-up has run.
import { warmUpNextTick } from './tick-warm-up.js';

await warmUpNextTick();
const code = await (await import('./program.js')).runCommandLine(process.argv);
if (code !== 0) process.exit(code);
