import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { ConfigError, loadConfig, settingValue, type Config } from '../config.js';
import type { SETTINGS } from '../settings.js';
import { databaseLocation } from '../store/db.js';
import { explainStorageError } from '../store/storage-errors.js';

const program = new Command()
  .name('rates')
  .description('Rates data service: serve the API and manage its database and keys')
  .showHelpAfterError()
  .option(
    '--create',
    'make a new, empty database where DATA_DIR or DATABASE_URL points if none is there (migrate, demo and serve always may)',
  )
  .configureHelp({ showGlobalOptions: true })
  // Loaded only when given: `rates serve` does without the commands' store module.
  .hook('preAction', async (_program, command) => {
    if (command.optsWithGlobals().create === true) (await import('./with-store.js')).askCreation();
  });

program
  .command('serve')
  .description('Serve the API (loads the demo dataset into an empty database)')
  .action(lazy(async () => (await import('../server.js')).serve));

program
  .command('migrate')
  .description('Apply pending database migrations')
  .action(lazy(async () => (await import('./migrate.js')).migrateCommand));

program
  .command('demo')
  .description('Generate the deterministic demo dataset into the database')
  .option('--seed <n>', 'random seed', (v) => integer(v, '--seed'))
  .option('--scale <scale>', "'default' or 'market' (about 2,500 funds over 20 years)", 'default')
  .option('--until <date>', 'last day of data, YYYY-MM-DD (default: today in Bangkok)')
  .option('--out <folder>', 'write import files (one CSV per type) instead of the database')
  .action(lazy(async () => (await import('./demo.js')).demoCommand));

const keys = program
  .command('keys')
  .description('Subscriptions and their keys (changes reach running servers within 1 s)');
const settingOptions = (command: Command, creating: boolean) =>
  command
    .option('--owner <contact>', 'owner contact')
    .option(
      '--groups <groups>',
      `'all' or service groups separated by commas${creating ? " (default 'all')" : ''}`,
    )
    .option(
      '--rate <calls/seconds>',
      `rate limit, e.g. 300/60 (at most 300 s), or 'none'${creating ? ' (default 300/60)' : ''}`,
    )
    .option(
      '--quota <calls/period>',
      `quota per Bangkok day or month, e.g. 10000/day, or 'none'${creating ? ' (default none)' : ''}`,
    )
    .option(
      '--expires <when>',
      `expiry, an ISO date or date-time, or 'never'${creating ? ' (default never)' : ''}`,
    );
settingOptions(
  keys
    .command('create')
    .description('Create a subscription; prints its keys once, the primary key alone on the last line')
    .requiredOption('--name <name>', 'subscription name'),
  true,
).action(lazy(async () => (await import('./keys.js')).keysCreateCommand));
keys
  .command('list')
  .description('List subscriptions (key hints only)')
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./keys.js')).keysListCommand));
keys
  .command('show')
  .description('Show one subscription (key hints only)')
  .argument('<id>', 'subscription id', (v) => integer(v, 'id'))
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./keys.js')).keysShowCommand));
settingOptions(
  keys
    .command('update')
    .description("Change a subscription's name, owner, groups, limits or expiry")
    .argument('<id>', 'subscription id', (v) => integer(v, 'id'))
    .option('--name <name>', 'subscription name')
    .option('--developer <id>', "give it to a portal developer (see `rates developers list`), or 'none'"),
  false,
).action(lazy(async () => (await import('./keys.js')).keysUpdateCommand));
for (const [action, what] of [
  ['suspend', 'Suspend a subscription: its keys get 401 until it is resumed'],
  ['resume', 'Resume a suspended subscription'],
  ['cancel', 'Cancel a subscription for good: its keys get 401'],
] as const) {
  keys
    .command(action)
    .description(what)
    .argument('<id>', 'subscription id', (v) => integer(v, 'id'))
    .action(lazy(async () => (await import('./keys.js')).keysStateCommand(action)));
}
keys
  .command('regenerate')
  .description(
    'Replace the primary or secondary key (the other keeps working); prints the new key alone on the last line',
  )
  .argument('<id>', 'subscription id', (v) => integer(v, 'id'))
  .argument('<slot>', 'primary or secondary', (v) => {
    if (v !== 'primary' && v !== 'secondary')
      throw new InvalidArgumentError("must be 'primary' or 'secondary'");
    return v;
  })
  .action(lazy(async () => (await import('./keys.js')).keysRegenerateCommand));
keys
  .command('usage')
  .description(
    'Calls per subscription, Bangkok day, operation and status class (servers write every few seconds)',
  )
  .option('--id <id>', 'only this subscription', (v) => integer(v, '--id'))
  .option('--from <day>', 'first day, YYYY-MM-DD')
  .option('--to <day>', 'last day, YYYY-MM-DD')
  .option('--csv [file]', 'CSV instead of a table, on stdout or into the file')
  .action(lazy(async () => (await import('./keys-usage.js')).keysUsageCommand));

const publicAccess = program
  .command('public-access')
  .description(
    'Service groups open to calls without a key, for a public website (changes reach running servers within 1 s)',
  );
publicAccess
  .command('show')
  .description('Show which groups are open, from which origins, with which limits per address')
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./public-access.js')).publicAccessShowCommand));
publicAccess
  .command('open')
  .description('Open service groups to calls without a key (replaces earlier settings)')
  .requiredOption(
    '--groups <groups>',
    'service groups separated by commas, e.g. FundPriceService,ExchangeRateService',
  )
  .requiredOption(
    '--origins <origins>',
    "browser origins that may read the answers, separated by commas, e.g. https://www.bank.example, or '*'",
  )
  .option('--rate <calls/seconds>', 'rate limit of each client address, e.g. 60/60 (at most 300 s)', '60/60')
  .option(
    '--quota <calls/period>',
    "quota of each client address per Bangkok day or month, e.g. 5000/day, or 'none'",
  )
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./public-access.js')).publicAccessOpenCommand));
publicAccess
  .command('close')
  .description('Close every group: calls without a key get 401 again')
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./public-access.js')).publicAccessCloseCommand));

const products = program
  .command('products')
  .description('Products of the developer portal: what developers subscribe to (docs/portal.md)');
const productOptions = (command: Command, creating: boolean) =>
  command
    .option('--description-en <text>', 'description in English')
    .option('--description-th <text>', 'description in Thai')
    .option(
      '--groups <groups>',
      `'all' or service groups separated by commas${creating ? " (default 'all')" : ''}`,
    )
    .option(
      '--rate <calls/seconds>',
      `rate limit of its subscriptions, e.g. 300/60, or 'none'${creating ? ' (default 300/60)' : ''}`,
    )
    .option('--quota <calls/period>', `quota, e.g. 10000/day, or 'none'${creating ? ' (default none)' : ''}`)
    .option('--approval', "subscriptions wait for the operator's approval")
    .option('--no-approval', 'subscriptions are active at once')
    .option('--per-developer <n>', `subscriptions one developer may hold${creating ? ' (default 1)' : ''}`)
    .option('--terms <text>', 'terms of use a developer accepts')
    .option('--json', 'as JSON');
productOptions(
  products
    .command('create')
    .description('Create a product (unpublished)')
    .requiredOption('--name <name>', 'product name'),
  true,
).action(lazy(async () => (await import('./portal.js')).productsCreateCommand));
products
  .command('list')
  .description('List products')
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./portal.js')).productsListCommand));
products
  .command('show')
  .description('Show one product')
  .argument('<id>', 'product id', (v) => integer(v, 'id'))
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./portal.js')).productsShowCommand));
productOptions(
  products
    .command('update')
    .description('Change a product (its existing subscriptions keep their limits)')
    .argument('<id>', 'product id', (v) => integer(v, 'id'))
    .option('--name <name>', 'product name'),
  false,
).action(lazy(async () => (await import('./portal.js')).productsUpdateCommand));
for (const [action, what] of [
  ['publish', 'Show a product to developers'],
  ['unpublish', 'Hide a product from developers (its subscriptions keep working)'],
] as const) {
  products
    .command(action)
    .description(what)
    .argument('<id>', 'product id', (v) => integer(v, 'id'))
    .action(lazy(async () => (await import('./portal.js')).productsPublishCommand(action === 'publish')));
}

const developers = program.command('developers').description('Developer accounts of the portal');
developers
  .command('list')
  .description('List developers')
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./portal.js')).developersListCommand));
developers
  .command('show')
  .description('Show a developer and their subscriptions')
  .argument('<id>', 'developer id', (v) => integer(v, 'id'))
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./portal.js')).developersShowCommand));
for (const [action, what] of [
  ['block', 'Block a developer: no sign-in, their subscriptions suspended (keys 401 within 1 s)'],
  ['unblock', 'Unblock a developer: the subscriptions the block suspended work again'],
] as const) {
  developers
    .command(action)
    .description(what)
    .argument('<id>', 'developer id', (v) => integer(v, 'id'))
    .action(lazy(async () => (await import('./portal.js')).developersBlockCommand(action === 'block')));
}
developers
  .command('invite')
  .description('Email an invitation to sign up (single-use link, 7 days; works with PORTAL=invite)')
  .argument('<email>', 'address to invite')
  .option('--lang <lang>', 'en or th', 'en')
  .action(lazy(async () => (await import('./portal.js')).developersInviteCommand));

const subscriptions = program
  .command('subscriptions')
  .description('Portal subscriptions waiting for approval');
subscriptions
  .command('pending')
  .description('List subscriptions waiting for approval')
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./portal.js')).subscriptionsPendingCommand));
subscriptions
  .command('approve')
  .description('Approve a submitted subscription: its keys work; the developer is told by email')
  .argument('<id>', 'subscription id', (v) => integer(v, 'id'))
  .action(lazy(async () => (await import('./portal.js')).subscriptionsApproveCommand));
subscriptions
  .command('reject')
  .description('Reject a submitted subscription; the developer is told by email, with the reason')
  .argument('<id>', 'subscription id', (v) => integer(v, 'id'))
  .requiredOption('--reason <text>', 'why, as the developer will read it')
  .action(lazy(async () => (await import('./portal.js')).subscriptionsRejectCommand));

program
  .command('admin-token')
  .description('Admin API tokens')
  .command('create')
  .description(
    'Create an admin token (publishing and key management); prints it once, alone on the last line',
  )
  .requiredOption('--name <name>', 'who or what uses the token')
  .action(lazy(async () => (await import('./admin-token.js')).adminTokenCreateCommand));

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
  .action(lazy(async () => (await import('./import.js')).importCommand));

const sync = program
  .command('sync')
  .description('Copy everything a running service of this interface publishes, then what changed since')
  .option('--from <url>', 'the upstream service, e.g. https://rates.example.com (default: SYNC_FROM)')
  .option('--key <key>', 'subscription key at the upstream (default: SYNC_KEY, which ps does not show)')
  .option('--since <date>', 'first day of history, YYYY-MM-DD (default: as far back as the upstream answers)')
  .option('--full', 'read the whole history again, not just the recent days')
  .option('--rate <n>', 'requests per second at most (0: no limit)', (v) => setting('syncRate', v))
  .option('--concurrency <n>', 'requests in flight at most', (v) => setting('syncConcurrency', v))
  .option('--timeout <ms>', 'time for one request', (v) => setting('syncTimeoutMs', v))
  .option('--retries <n>', 'tries after the first of a failed request', (v) => setting('syncRetries', v))
  .option('--window <days>', 'recent days read again for corrections', (v) => setting('syncWindowDays', v))
  .action(lazy(async () => (await import('./sync.js')).syncCommand));
sync
  .command('status')
  .description("The last sync's time, result and lag")
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./sync.js')).syncStatusCommand));

const connect = program
  .command('connect')
  .description('Publish real data from a public source (docs/connectors.md): backfill, then what is new');
const connectOptions = (command: Command) =>
  command
    .option('--since <date>', "first day of the backfill, YYYY-MM-DD (default: the source's first day)")
    .option('--dry-run', 'write import files instead of publishing (with --out)')
    .option('--out <dir>', 'folder of the dry run: one folder of import files per window');
connectOptions(
  connect
    .command('bot-fx')
    .description('Bank of Thailand average exchange rates of commercial banks, since 2002 (BOT_API_TOKEN)'),
).action(lazy(async () => (await import('./connect.js')).connectCommand('bot-fx')));
connectOptions(
  connect
    .command('bot-rates')
    .description('Bank of Thailand deposit and loan rates (MLR, MOR, MRR) of one bank (BOT_API_TOKEN)')
    .option('--bank <name>', 'the bank, as BOT names it in English (default: BOT_BANK)')
    .option(
      '--deposit-rate <max|min>',
      "which of BOT's two deposit rates to publish (default: BOT_DEPOSIT_RATE)",
      (v) => setting('botDepositRate', v),
    ),
).action(
  lazy(async () => {
    const { connectCommand } = await import('./connect.js');
    return (options: {
      bank?: string;
      depositRate?: 'max' | 'min';
      since?: string;
      dryRun?: boolean;
      out?: string;
    }) =>
      connectCommand('bot-rates')({
        ...options,
        settings: {
          ...(options.bank === undefined ? {} : { botBank: options.bank }),
          ...(options.depositRate === undefined ? {} : { botDepositRate: options.depositRate }),
        },
      });
  }),
);
connectOptions(
  connect
    .command('sec-funds')
    .description(
      'SEC Thailand fund houses, funds (a fund per class) and daily NAVs (SEC_FACTSHEET_KEY, SEC_DAILYINFO_KEY)',
    )
    .option('--amc <id...>', "only these fund houses, by SEC's unique_id (default: SEC_AMCS; unset: all)"),
).action(
  lazy(async () => {
    const { connectCommand } = await import('./connect.js');
    return (options: { amc?: string[]; since?: string; dryRun?: boolean; out?: string }) =>
      connectCommand('sec-funds')({
        ...options,
        settings: options.amc === undefined ? {} : { secAmcs: options.amc },
      });
  }),
);
connect
  .command('status')
  .description("Every source's (the sync's, each connector's) last run, latest day held, lag, last error")
  .option('--json', 'as JSON')
  .action(lazy(async () => (await import('./connect.js')).connectStatusCommand));

program
  .command('history')
  .description(
    'Values a published row has had, with their batches: rates history fund-prices --key fund=101 --key date=2026-11-20',
  )
  .argument(
    '<type>',
    'a published type: fund-prices, fx-rates, deposit-rates, loan-rates, market-summary ...',
  )
  .option('--key <name=value...>', "the row's keys as its import file names them (the day also as date=)")
  // The named keys of earlier releases' commands (history fund-price --fund F --date D ...), kept for scripts.
  .option('--fund <code>', 'same as --key fund=')
  .option('--family <code>', 'same as --key family=')
  .option('--product <id>', 'same as --key product=')
  .option('--date <date>', 'same as --key date=')
  .option('--code <code>', 'same as --key code=')
  .action(lazy(async () => (await import('./history.js')).historyCommand));

program
  .command('backup')
  .description(
    'Copy the database to a file while the service runs (SQLite online backup), then check the copy; on PostgreSQL use pg_dump',
  )
  .argument('<file>', 'where to write the copy')
  .action(lazy(async () => (await import('./backup.js')).backupCommand));

program
  .command('restore')
  .description('Check a backup file and copy it over the database (stop imports first)')
  .argument('<file>', 'a file made by the backup command')
  .action(lazy(async () => (await import('./backup.js')).restoreCommand));

/**
 * A command's action, loaded when the command runs: `rates serve` does not load the import, backup
 * or key commands and what they use (CSV and JSON parsers, progress bars, the demo generator).
 */
function lazy<Args extends unknown[]>(
  load: () => Promise<(...args: Args) => unknown>,
): (...args: Args) => Promise<void> {
  return async (...args) => {
    await (
      await load()
    )(...args);
  };
}

function integer(value: string, name: string): number {
  if (!/^-?[0-9]+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number`);
  return Number(value);
}

/** An option standing for a setting: the setting's own parse and bounds (src/settings.ts). */
function setting<K extends keyof typeof SETTINGS>(name: K, value: string): Config[K] {
  try {
    return settingValue(name, value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/**
 * Runs the command line `argv` (as process.argv: Node, the script, then the arguments) and gives the
 * exit code its failure asks for, its message written to stderr; 0 when the command ran (a command
 * may still set process.exitCode). main.ts runs it for the `rates` command; the tests call it in
 * process (test/helpers/cli-in-process.ts), with commander's exits turned into CommanderErrors.
 */
export async function runCommandLine(argv: readonly string[]): Promise<number> {
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    // Commander wrote its message already (a missing option, --help); reached only with exitOverride.
    // An InvalidArgumentError thrown by a command's own checks (its action) was written by no one.
    if (error instanceof CommanderError && !(error instanceof InvalidArgumentError)) return error.exitCode;
    const storage = explainStorageError(error, configuredLocation());
    const message = storage ?? (error instanceof Error ? error.message : String(error));
    process.stderr.write(`${error instanceof ConfigError ? '' : 'Error: '}${message}\n`);
    return 1;
  }
}

/** The command tree, for the in-process tests to make commander throw rather than exit. */
export { program };

/** The database the settings name, for error messages; the settings themselves may be the problem. */
function configuredLocation(): string {
  try {
    return databaseLocation(loadConfig().databaseUrl);
  } catch {
    return 'the database';
  }
}
