#!/usr/bin/env node
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError, loadConfig } from '../config.js';
import { sqlitePath } from '../store/db.js';
import { explainStorageError } from '../store/storage-errors.js';
import { adminTokenCreateCommand } from './admin-token.js';
import { backupCommand, restoreCommand } from './backup.js';
import { demoCommand } from './demo.js';
import { historyFundPriceCommand, historyFxRatesCommand } from './history.js';
import { importCommand } from './import.js';
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
  .option('--out <folder>', 'write import files (one CSV per type) instead of the database')
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

program
  .command('import')
  .description('Import a file, or every data file of a folder, as one all-or-nothing batch')
  .argument('<path>', 'a .csv, .json, .ndjson or .jsonl file, or a folder of them')
  .option('--type <type>', 'what the input holds (default: from each file name)')
  .option(
    '--max-errors <n>',
    'errors to list before giving only the count',
    (v) => integer(v, '--max-errors'),
    20,
  )
  .option('--source <name>', 'name recorded with the batch (default: the file or folder name)')
  .action(importCommand);

const history = program.command('history').description('Values a price or rate has had, with their batches');
history
  .command('fund-price')
  .description("A fund's price on a date: the served value and earlier revisions")
  .requiredOption('--fund <code>', 'fund number or short code')
  .requiredOption('--date <date>', 'YYYY-MM-DD')
  .action(historyFundPriceCommand);
history
  .command('fx-rates')
  .description("A family's rates on a day, every round: served values and earlier revisions")
  .requiredOption('--family <code>', 'currency family, e.g. USD50')
  .requiredOption('--date <date>', 'YYYY-MM-DD')
  .action(historyFxRatesCommand);

program
  .command('backup')
  .description(
    'Copy the database to a file while the service runs (SQLite online backup), then check the copy',
  )
  .argument('<file>', 'where to write the copy')
  .action(backupCommand);

program
  .command('restore')
  .description('Check a backup file and copy it over the database (stop imports first)')
  .argument('<file>', 'a file made by the backup command')
  .action(restoreCommand);

function integer(value: string, name: string): number {
  if (!/^-?[0-9]+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number`);
  return Number(value);
}

program.parseAsync().catch((error: unknown) => {
  const storage = explainStorageError(error, databaseLocation());
  const message = storage ?? (error instanceof Error ? error.message : String(error));
  process.stderr.write(`${error instanceof ConfigError ? '' : 'Error: '}${message}\n`);
  process.exit(1);
});

/** The database the settings name, for error messages; the settings themselves may be the problem. */
function databaseLocation(): string {
  try {
    return sqlitePath(loadConfig().databaseUrl);
  } catch {
    return 'the database';
  }
}
