#!/usr/bin/env node
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError } from '../config.js';
import { adminTokenCreateCommand } from './admin-token.js';
import { demoCommand } from './demo.js';
import { keysCreateCommand } from './keys.js';
import { migrateCommand } from './migrate.js';
import { serve } from '../server.js';

const program = new Command()
  .name('rates')
  .description('Rates data service: serve the API and manage its database and keys')
  .showHelpAfterError();

program
  .command('serve')
  .description('Serve the API (loads the demo dataset into an empty database)')
  .action(serve);

program.command('migrate').description('Apply pending database migrations').action(migrateCommand);

program
  .command('demo')
  .description('Generate the deterministic demo dataset into the database')
  .option('--seed <n>', 'random seed', (v) => integer(v, '--seed'))
  .option('--scale <scale>', "'default' or 'market' (about 2,500 funds over 20 years)", 'default')
  .option('--until <date>', 'last day of data, YYYY-MM-DD (default: today in Bangkok)')
  .action(demoCommand);

const keys = program.command('keys').description('Subscription keys');
keys
  .command('create')
  .description('Create a subscription; prints its primary key alone on the last line')
  .requiredOption('--name <name>', 'subscription name')
  .option('--owner <contact>', 'owner contact')
  .action(keysCreateCommand);

program
  .command('admin-token')
  .description('Admin API tokens')
  .command('create')
  .description(
    'Create an admin token (publishing and key management); prints it once, alone on the last line',
  )
  .requiredOption('--name <name>', 'who or what uses the token')
  .action(adminTokenCreateCommand);

function integer(value: string, name: string): number {
  if (!/^-?[0-9]+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number`);
  return Number(value);
}

program.parseAsync().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${error instanceof ConfigError ? '' : 'Error: '}${message}\n`);
  process.exit(1);
});
