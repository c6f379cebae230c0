import type { Config } from '../../config.js';
import { addDays, bangkokToday } from '../../domain/dates.js';
import { businessDays } from '../../domain/thai-calendar.js';
import { readConnectorStateText, writeConnectorStateText } from '../../store/connector-state-repo.js';
import { readFunds, readReferenceKeys } from '../../store/reference-reads.js';
import { secFundNumber, secFundNumbers } from '../../store/sec-fund-numbers-repo.js';
import type { Fund } from '../../store/schema.js';
import type { Connector, ConnectorContext, ConnectorRun, FetchedWindow, Window } from '../connector.js';
import { SecApi, secCredentials } from './api.js';
import { readCatalogue, readPolicy, type Catalogue } from './catalogue.js';
import { readNavs } from './day-navs.js';
import { FUND_CODE } from '../../domain/fund-code.js';
import { readFacts } from './facts.js';
import { classKeys, secRows } from './rows.js';

/**
 * Where the run keeps, per fund number, the fund list's last_upd_date at which it last read the fund's
 * facts. The facts' own days cannot tell it: a fund whose blocks SEC answers 204 (no day), or whose
 * blocks are older than the list's date, would be read again on every run.
 */
const FACTS_READ_AT = 'sec-funds/facts-read-at';

/** The facts' days of SEC's updates: the latest of them is what a fund's stored facts are as of. */
const FACT_DATES = [
  'policy_updated',
  'risk_updated',
  'fees_updated',
  'benchmark_updated',
  'dividend_updated',
  'links_updated',
] as const;

/** The fund houses a run reads (SEC_AMCS, `--amc`): all of them when none is named. */
const amcsOf = (settings: Config): string[] => [...new Set(settings.secAmcs)].sort();

/**
 * One run: the catalogue (fund houses and their funds) read once, then a window (a day) at a time
 * the NAVs of every fund registered on it, each fund's policy type read once when it is new to the
 * store (its category), and numbers given to new projects and classes.
 */
class SecFundsRun implements ConnectorRun {
  private catalogue: Catalogue | null = null;
  private readonly api: SecApi;
  private stored = new Map<number, Fund>();
  private storedCategories = new Set<number>();
  private readonly policies = new Map<string, string | null>();
  /** Per stored fund, SEC's latest update of its stored facts: they are read again when the fund list's date passes it. */
  private factDates = new Map<number, string>();
  /** FACTS_READ_AT as read at the start, and as this run adds to it. */
  private readAt: Record<string, string> = {};
  /** Projects whose facts this run has judged (read, or found up to date). */
  private readonly factsJudged = new Set<string>();
  /** Fund numbers of the projects and classes seen in this run (secFundNumbers' keys). */
  private readonly numbers = new Map<string, number>();

  constructor(private readonly ctx: ConnectorContext) {
    this.api = new SecApi(ctx.http, ctx.settings);
  }

  async start(): Promise<this> {
    const { db } = this.ctx.store;
    this.stored = new Map((await readFunds(db)).map((f) => [f.id, f]));
    this.storedCategories = new Set((await readReferenceKeys(db)).keys['fund-categories'] as number[]);
    for (const f of await db.selectFrom('fund_facts').select(FACT_DATES).select('fund_id').execute())
      this.factDates.set(
        f.fund_id,
        FACT_DATES.map((c) => f[c] ?? '')
          .sort()
          .at(-1)!,
      );
    const readAt = (await readConnectorStateText(db, FACTS_READ_AT)) ?? '{}';
    this.readAt = JSON.parse(readAt) as Record<string, string>;
    for (const [id, listed] of Object.entries(this.readAt))
      if (listed > (this.factDates.get(Number(id)) ?? '')) this.factDates.set(Number(id), listed);
    return this;
  }

  async fetchWindow(window: Window): Promise<FetchedWindow> {
    this.catalogue ??= await readCatalogue(this.api, amcsOf(this.ctx.settings));
    // SEC has a NAV only on Thai business days: no call is spent on the others.
    const days = [...businessDays(window.from, window.to)];
    const navs = await readNavs(this.api, this.catalogue.funds, days);
    const keys = classKeys(navs);
    const fresh = keys.filter((k) => secFundNumber(this.numbers, k) === undefined);
    if (fresh.length > 0) {
      // A dry run keeps none: the numbers it gave earlier in the run are held here instead.
      const given = await secFundNumbers(this.ctx.store.db, fresh, {
        keep: !this.ctx.dryRun,
        after: Math.max(0, ...this.numbers.values()),
      });
      for (const [k, n] of given) this.numbers.set(k, n);
    }
    const number = (key: (typeof keys)[number]) => secFundNumber(this.numbers, key)!;
    for (const key of keys)
      if (!this.stored.has(number(key)) && !this.policies.has(key.projId))
        this.policies.set(key.projId, await readPolicy(this.api, key.projId));
    const { rows, refused, fetched } = secRows({
      days: navs,
      number,
      stored: this.stored,
      storedCategories: this.storedCategories,
      policies: this.policies,
    });
    // Facts of the funds priced in this window, read once a run and only when SEC's last_upd_date of
    // the fund (its fund list's) moved past the facts stored: a day's run stays within SEC's limit.
    const listedCodes = new Map((rows.funds ?? []).map((f) => [f.id as number, f.code as string]));
    const facts: Record<string, unknown>[] = [];
    const dividends: Record<string, unknown>[] = [];
    let readSome = false;
    for (const key of keys) {
      if (this.factsJudged.has(key.projId)) continue;
      this.factsJudged.add(key.projId);
      const fund = navs.find((n) => n.fund.proj_id === key.projId)!.fund;
      const classes = keys
        .filter((k) => k.projId === key.projId)
        .map((k) => ({ className: k.className, id: number(k) }));
      // A fund the import's checks will refuse (a code that is no fund code) has no facts to keep.
      const codeOf = (id: number) => String(listedCodes.get(id) ?? this.stored.get(id)?.code ?? '');
      if (!classes.every((c) => FUND_CODE.test(codeOf(c.id)))) continue;
      const listed = (fund.last_upd_date ?? '').slice(0, 10);
      const stored = classes.map((c) => this.factDates.get(c.id) ?? '').sort()[0]!;
      if (stored !== '' && listed <= stored) continue;
      const read = await readFacts(this.api, fund, classes, this.catalogue.houses.get(fund.unique_id));
      facts.push(...read.facts);
      dividends.push(...read.dividends);
      if (listed !== '') {
        for (const c of classes) this.readAt[String(c.id)] = listed;
        readSome = true;
      }
    }
    // A dry run keeps nothing; a real one remembers at which date of the fund list it read each fund.
    if (readSome && !this.ctx.dryRun)
      await writeConnectorStateText(this.ctx.store.db, FACTS_READ_AT, JSON.stringify(this.readAt));
    if (facts.length > 0) rows['fund-facts'] = facts;
    if (dividends.length > 0) rows['fund-dividends'] = dividends;
    const priced = navs.filter((n) => n.read?.kind === 'prices').map((n) => n.day);
    return {
      rows,
      refused,
      fetched: fetched + facts.length + dividends.length,
      latest: priced.sort().at(-1) ?? null,
    };
  }
}

export const secFunds: Connector = {
  name: 'sec-funds',
  description: 'SEC Thailand: fund houses, funds (a fund per class), daily NAVs, fund facts and dividends',
  source: 'SEC Thailand',
  // The groups /docs and the explorer credit with the source (added with the credit, by the bot branch).
  groups: ['FundPriceService', 'nav'],
  credentials: secCredentials,
  // A market's day is some 2,500 calls, 5 minutes of SEC's limit: without --since, a first run reads
  // the last 30 days (a longer history is asked for with --since).
  get earliest() {
    return addDays(bangkokToday(), -30);
  },
  // A call covers one fund and one day; a window is a day, so a stopped run loses at most one day's calls.
  windowDays: 1,
  // Fund houses report the day's NAVs to SEC in the evening.
  release: { time: '20:00', businessDaysOnly: true },
  schedule: (settings) => settings.secFundsSchedule,
  identity: (settings) =>
    amcsOf(settings).length > 0 ? `amc ${amcsOf(settings).join(',')}` : 'all fund houses',
  callLimit: (settings) => ({
    calls: settings.secRateLimit.calls,
    windowMs: settings.secRateLimit.seconds * 1000,
  }),
  open: (ctx) => new SecFundsRun(ctx).start(),
};
