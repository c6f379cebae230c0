import { addDays, bangkokToday } from '../domain/dates.js';
import { FUND_CODE } from '../domain/fund-code.js';
import type { Store } from '../store/db.js';
import { dataType, fileRowOf, type NewRow } from '../data-types/index.js';
import { References } from '../data-types/references.js';
import { readFunds, readProductNames, readReferenceKeys } from '../store/reference-reads.js';
import type { BatchWriter } from '../store/publisher.js';
import { publishRunBatch } from '../sources/publish.js';
import {
  fxLastDay,
  readCatalogue,
  readFundHistory,
  readFxDaily,
  readFxDay,
  readFxDays,
  threeYearsFrom,
  type Catalogue,
  type FundHistory,
  type ListedFund,
  type ProductRates,
} from './read.js';
import { recordRun, startedRun, type RunProgress } from '../sources/state.js';
import { BatchChecks, type Sourced } from './row-checks.js';
import { readSyncState, writeSyncState, type SyncRunSummary, type SyncState } from './state.js';
import { Upstream, type UpstreamOptions } from './upstream.js';

export interface SyncOptions extends UpstreamOptions {
  /** First day of history to read ('YYYY-MM-DD'); default: as far back as the upstream answers. */
  since?: string;
  /** Days before the last synced day read again by a later run, for corrections. */
  windowDays: number;
  /** Funds whose histories go in one batch of a first sync. */
  fundsPerBatch: number;
  /** Read everything again (as a first sync does), not just the recent days. */
  full?: boolean;
  now?: () => Date;
  /** Told of every batch published (the service logs a line per batch). */
  onBatch?: (batch: SyncBatch) => void;
  /** Told of progress: units (funds, FX months) done of those known so far. */
  onProgress?: (progress: SyncProgress) => void;
}

export interface SyncBatch {
  batchId: number;
  kind: string;
  /** What the batch covers, e.g. 'funds 101-150', 'FX 2024-03'. */
  covers: string;
  inserted: number;
  changed: number;
  revisions: number;
}

export interface SyncProgress extends RunProgress {
  phase: SyncState['phase'] | 'recent';
}

/** As far back as the service takes dates (MIN_YEAR): an upstream of the interface answers from there. */
const EARLIEST = '1900-01-01';
/** A first sync's FX scan back in time stops after this many months in a row without rates. */
const EMPTY_MONTHS = 36;

const monthOf = (day: string) => day.slice(0, 7);
function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = monthOf(to); m >= monthOf(from); m = previousMonth(m)) months.unshift(m);
  return months;
}

/**
 * One run of `rates sync`: a first sync (resumed where an earlier one stopped) or a later one of
 * the recent days, each batch published through the publisher as an import's is (all or nothing,
 * revisions kept, nothing new: no batch). The run's result is recorded in the store whatever it is.
 */
export async function runSync(store: Store, options: SyncOptions): Promise<SyncRunSummary> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const up = new Upstream(options);
  const today = bangkokToday(now());
  const stored = await readSyncState(store.db);
  const fresh = !stored || stored.upstream !== up.origin;
  const state: SyncState =
    fresh || options.full
      ? {
          upstream: up.origin,
          since: options.since ?? EARLIEST,
          until: today,
          phase: 'catalogue',
          fundCursor: 0,
          fxCursor: null,
          syncedUntil: fresh ? null : stored.syncedUntil,
          lastSuccessAt: fresh ? null : stored.lastSuccessAt,
          lastRun: null,
        }
      : stored;
  const summary: SyncRunSummary = startedRun(now(), { rows: 0, written: 0 });
  state.lastRun = summary;
  await writeSyncState(store.db, state);
  const run = new SyncRun(store, up, state, summary, options, today);
  await recordRun(summary, state, {
    now,
    started,
    transport: up.transport,
    go: () => run.go(),
    save: () => writeSyncState(store.db, state),
  });
  return summary;
}

type FundRow = NewRow<'funds'>;
/** Writes a batch's rows, once every one of them passed the import's checks. */
type Write = (w: BatchWriter) => Promise<void>;

// How the sync's rows are given to the import's checks: rows already in the file's columns as they
// are, table rows through their type's file columns (src/data-types/).
const same = (row: object) => row as Readonly<Record<string, unknown>>;
const asFileRows = (
  name: 'fund-prices' | 'fund-facts' | 'fund-dividends' | 'fx-rates' | 'deposit-rates' | 'loan-rates',
) => fileRowOf(dataType(name)) as (row: object) => Record<string, unknown>;

class SyncRun {
  private catalogue!: Catalogue;
  /** The day up to which this run, once complete, has read everything. */
  private reachedUntil = '';
  private readonly funds = new Map<number, FundRow>();
  private readonly codes = new Set<string>();
  /** Rate products by English name, per kind, as stored (read before any batch holds the store). */
  private readonly products = { deposit: new Map<string, number>(), loan: new Map<string, number>() };
  /** What rows may refer to: the store's reference data, and what this run's batches add to it. */
  private refs!: References;

  constructor(
    private readonly store: Store,
    private readonly up: Upstream,
    private readonly state: SyncState,
    private readonly summary: SyncRunSummary,
    private readonly options: SyncOptions,
    private readonly today: string,
  ) {}

  async go(): Promise<void> {
    for (const f of await readFunds(this.store.db)) {
      const { code_key: _key, ...row } = f;
      this.funds.set(f.id, row);
      this.codes.add(f.code_key);
    }
    for (const kind of ['deposit', 'loan'] as const) {
      for (const p of await readProductNames(this.store.db, kind)) this.products[kind].set(p.name_en, p.id);
    }
    this.refs = References.fromKeys(await readReferenceKeys(this.store.db));
    this.catalogue = await readCatalogue(this.up);
    // Later runs read again from the upstream's latest day at this run's start (less the window),
    // not from today's: an upstream that has published nothing lately has its corrections there.
    const fxLast = await fxLastDay(this.up);
    const latest = [
      this.catalogue.latestPriceDate,
      fxLast === false
        ? this.catalogue.latestFx
            .map((r) => r.rate_date)
            .sort()
            .at(-1)
        : fxLast,
    ].filter((d): d is string => typeof d === 'string');
    this.reachedUntil = [this.today, ...latest].sort()[0]!;
    if (this.state.phase === 'done') return this.recent();
    if (this.state.phase === 'catalogue') {
      await this.publish('sync-catalogue', 'catalogue', (c) => this.checkCatalogue(c), { phase: 'funds' });
    }
    if (this.state.phase === 'funds') {
      await this.fundHistories();
      await this.advance({ phase: 'fx' });
    }
    if (this.state.phase === 'fx') {
      await this.fxHistory();
      await this.advance({ phase: 'done', syncedUntil: [this.state.until, this.reachedUntil].sort()[0]! });
    }
  }

  private async advance(change: Partial<SyncState>): Promise<void> {
    Object.assign(this.state, change);
    await writeSyncState(this.store.db, this.state);
  }

  private progress(phase: SyncProgressPhase, done: number, total: number): void {
    this.options.onProgress?.({
      phase,
      done,
      total,
      rows: this.summary.rows,
      requests: this.up.transport.requests,
    });
  }

  /**
   * One all-or-nothing batch; none when nothing in it is new. Its rows are checked first, all of
   * them, as an import's are (`check`): one refused, and nothing of the batch is published. The
   * state moves on by `after` with it (in its transaction: src/sources/publish.ts).
   */
  private async publish(
    kind: string,
    covers: string,
    check: (c: BatchChecks) => Promise<Write>,
    after: Partial<SyncState>,
  ): Promise<void> {
    const write = await check(new BatchChecks(this.refs, this.today));
    const next = { ...this.state, ...after };
    const published = await publishRunBatch(
      this.store,
      { summary: this.summary, now: this.options.now, saveProgress: (db) => writeSyncState(db, next) },
      { kind, source: `sync ${this.up.origin}` },
      write,
    );
    Object.assign(this.state, after);
    const { inserted, changed } = published.counts;
    if (published.batchId === null) return;
    this.summary.written += inserted + changed;
    this.options.onBatch?.({
      batchId: published.batchId,
      kind,
      covers,
      inserted,
      changed,
      revisions: published.revisions,
    });
  }

  private async checkCatalogue(c: BatchChecks): Promise<Write> {
    const { categories, families, deposits, loans, market } = this.catalogue;
    this.summary.rows += categories.rows.length + families.rows.length + (market?.rows.length ?? 0);
    const checkedCategories = await c.check('fund-categories', categories, same);
    const checkedFamilies = await c.check('fx-families', families, same);
    const writeDeposits = await this.checkProductRates(c, 'deposit', deposits);
    const writeLoans = loans && (await this.checkProductRates(c, 'loan', loans));
    const checkedMarket = market && (await c.check('market-summary', market, same, (r) => r.date));
    return async (w) => {
      await w.write('fund-categories', checkedCategories as typeof categories.rows);
      await w.write('fx-families', checkedFamilies as typeof families.rows);
      await writeDeposits(w);
      if (writeLoans) await writeLoans(w);
      if (checkedMarket && checkedMarket.length > 0)
        await w.write('market-summary', checkedMarket as NewRow<'market-summary'>[]);
    };
  }

  /**
   * Rate products are not numbered in the answers: a product is known by its English name, and a new
   * one takes the next free number. Their order is the answer's.
   */
  private async checkProductRates(
    c: BatchChecks,
    kind: 'deposit' | 'loan',
    list: ProductRates,
  ): Promise<Write> {
    const byName = this.products[kind];
    let next = Math.max(0, ...byName.values()) + 1;
    const products = list.products.map((p, i) => ({
      id: byName.get(p.name_en) ?? next++,
      name_en: p.name_en,
      name_th: p.name_th,
      display_order: i + 1,
    }));
    // Known once this batch commits; a batch that fails leaves numbers a retry gives out again.
    for (const p of products) byName.set(p.name_en, p.id);
    const rates = list.rates.map(({ place, ...r }) => ({ ...r, product_id: products[place - 1]!.id }));
    this.summary.rows += products.length + rates.length;
    const checkedProducts = (await c.check(
      `${kind}-products`,
      { rows: products, where: list.where },
      same,
    )) as typeof products;
    const checkedRates = (await c.check(
      `${kind}-rates`,
      { rows: rates, where: list.where },
      asFileRows(`${kind}-rates`),
      (r) => r.effective_date,
    )) as typeof rates;
    return async (w) => {
      await w.write(`${kind}-products`, checkedProducts);
      await w.write(`${kind}-rates`, checkedRates);
    };
  }

  /** The fund's reference row: the listing's fields, the price records' (or what is stored) for the rest. */
  private fundRow(f: ListedFund, history: FundHistory): FundRow {
    const stored = this.funds.get(f.id);
    const details = history.details;
    const row: FundRow = {
      id: f.id,
      code: stored?.code ?? this.newCode(f),
      category_id: f.category_id,
      name_en: f.name_en,
      name_th: f.name_th,
      name_th_short: details ? details.name_th_short : (stored?.name_th_short ?? null),
      link_en: f.link_en,
      link_th: f.link_th,
      factsheet_url: details?.factsheet_url ?? stored?.factsheet_url ?? '',
      display_order: details?.display_order ?? stored?.display_order ?? f.place,
    };
    this.funds.set(f.id, row);
    return row;
  }

  /** A fund's short code is not published; its page link ends with it, which is kept if it is one. */
  private newCode(f: ListedFund): string {
    const last = decodeURIComponent(f.link_en.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? '');
    const code = FUND_CODE.test(last) && !this.codes.has(last.toUpperCase()) ? last : String(f.id);
    this.codes.add(code.toUpperCase());
    return code;
  }

  private async checkFunds(c: BatchChecks, funds: ListedFund[], histories: FundHistory[]): Promise<Write> {
    const rows = funds.map((f, i) => this.fundRow(f, histories[i]!));
    const checkedFunds = (await c.check('funds', { rows, where: (i) => funds[i]!.where }, same)) as FundRow[];
    const prices: NewRow<'fund-prices'>[][] = [];
    const facts: object[] = [];
    const dividends: object[] = [];
    for (const h of histories) {
      this.summary.rows += h.facts.rows.length + h.dividends.rows.length;
      facts.push(...(await c.check('fund-facts', h.facts, asFileRows('fund-facts'))));
      dividends.push(...(await c.check('fund-dividends', h.dividends, asFileRows('fund-dividends'))));
      this.summary.rows += h.prices.rows.length;
      const checked = await c.check('fund-prices', h.prices, asFileRows('fund-prices'), (p) => p.price_date);
      // The checks build the import's row; the upstream's own numbers go with it (docs/sync.md). It
      // takes the read row's place, so a batch holds each row once while it waits to be written.
      const rows = h.prices.rows;
      for (const [i, p] of checked.entries()) {
        const { origin_id, origin_batch_id } = rows[i]!;
        rows[i] = Object.assign(p as NewRow<'fund-prices'>, { origin_id, origin_batch_id });
      }
      prices.push(rows);
    }
    return async (w) => {
      await w.write('funds', checkedFunds);
      for (const p of prices) if (p.length > 0) await w.write('fund-prices', p, { fromUpstream: true });
      if (facts.length > 0) await w.write('fund-facts', facts as NewRow<'fund-facts'>[]);
      if (dividends.length > 0) await w.write('fund-dividends', dividends as NewRow<'fund-dividends'>[]);
    };
  }

  /** FX rates of several answers, checked as one batch's; the upstream's row IDs go with them. */
  private async checkFx(c: BatchChecks, answers: Sourced<NewRow<'fx-rates'>>[]): Promise<Write> {
    const all: NewRow<'fx-rates'>[] = [];
    for (const answer of answers) {
      const checked = await c.check('fx-rates', answer, asFileRows('fx-rates'), (r) => r.rate_date);
      for (const [i, r] of checked.entries())
        all.push(Object.assign(r as NewRow<'fx-rates'>, { origin_id: answer.rows[i]!.origin_id }));
    }
    return (w) => w.write('fx-rates', all, { fromUpstream: true });
  }

  /** A first sync's fund histories, a group of funds per batch; the next group is read meanwhile. */
  private async fundHistories(): Promise<void> {
    const all = [...this.catalogue.funds].sort((a, b) => a.id - b.id);
    const todo = all.filter((f) => f.id > this.state.fundCursor);
    const size = Math.max(1, this.options.fundsPerBatch);
    const groups: ListedFund[][] = [];
    for (let i = 0; i < todo.length; i += size) groups.push(todo.slice(i, i + size));
    const read = (group: ListedFund[]) =>
      Promise.all(group.map((f) => readFundHistory(this.up, f.id, this.state.since, this.state.until)));
    let done = all.length - todo.length;
    this.progress('funds', done, all.length);
    await pipelined(groups, read, async (group, histories) => {
      const covers = `funds ${group[0]!.id}-${group.at(-1)!.id}`;
      await this.publish('sync-fund-prices', covers, (c) => this.checkFunds(c, group, histories), {
        fundCursor: group.at(-1)!.id,
      });
      done += group.length;
      this.progress('funds', done, all.length);
    });
  }

  /**
   * A first sync's FX rates, a month per batch from the last month back, until `since` or years
   * without rates; from an upstream with only the ten, 3-year periods of daily rates instead.
   */
  private async fxHistory(): Promise<void> {
    const { since, until } = this.state;
    const last = await fxLastDay(this.up);
    if (last === false) return this.fxDailyHistory();
    if (last === null) return;
    const start = this.state.fxCursor
      ? previousMonth(this.state.fxCursor)
      : monthOf(last < until ? last : until);
    const months: string[] = [];
    for (let m = start; m >= monthOf(since); m = previousMonth(m)) months.push(m);
    let empty = 0;
    let done = 0;
    await pipelined(
      months,
      (month) => this.readFxMonth(month, since, until),
      async (month, days) => {
        if (days.some((d) => d.rows.length > 0)) {
          empty = 0;
          await this.publish('sync-fx-rates', `FX ${month}`, (c) => this.checkFx(c, days), {
            fxCursor: month,
          });
        } else {
          empty++;
          await this.advance({ fxCursor: month });
        }
        this.progress('fx', ++done, done);
        return empty < EMPTY_MONTHS;
      },
    );
  }

  /** A month's FX rates, an answer (a day's) at a time. */
  private async readFxMonth(month: string, from: string, to: string): Promise<Sourced<NewRow<'fx-rates'>>[]> {
    const [year, m] = month.split('-').map(Number) as [number, number];
    const days = (await readFxDays(this.up, year, m)).filter((d) => d >= from && d <= to);
    const answers = await Promise.all(days.map((d) => readFxDay(this.up, d)));
    for (const a of answers) this.summary.rows += a.rows.length;
    return answers;
  }

  private async fxDailyHistory(): Promise<void> {
    const families = this.catalogue.families.rows.map((f) => f.code);
    // From the latest rates of any family (the banner's), back.
    const latest = this.catalogue.latestFx
      .map((r) => r.rate_date)
      .sort()
      .at(-1);
    if (latest === undefined) return;
    let to = this.state.fxCursor ? addDays(this.state.fxCursor, -1) : [latest, this.state.until].sort()[0]!;
    // Back in 3-year periods until `since`, or a period without any rate.
    while (to >= this.state.since) {
      const from = [addDays(`${Number(to.slice(0, 4)) - 3}${to.slice(4)}`, 1), this.state.since]
        .sort()
        .at(-1)!;
      const answers = await readFxDaily(this.up, families, from, threeYearsFrom(from, to));
      const count = answers.reduce((n, a) => n + a.rows.length, 0);
      this.summary.rows += count;
      if (count === 0) return this.advance({ fxCursor: from });
      await this.publish('sync-fx-rates', `FX ${from} to ${to}`, (c) => this.checkFx(c, answers), {
        fxCursor: from,
      });
      to = addDays(from, -1);
    }
  }

  /**
   * A later run: what the upstream published since the last complete run, less `windowDays` for
   * corrections, and the whole history of funds new to this store, all in one batch.
   */
  private async recent(): Promise<void> {
    const from = addDays(this.state.syncedUntil ?? this.state.since, -this.options.windowDays);
    const to = this.today;
    const funds = [...this.catalogue.funds].sort((a, b) => a.id - b.id);
    const histories = await Promise.all(
      funds.map((f) => readFundHistory(this.up, f.id, this.funds.has(f.id) ? from : this.state.since, to)),
    );
    this.progress('recent', funds.length, funds.length + 1);
    let fx: Sourced<NewRow<'fx-rates'>>[];
    if ((await fxLastDay(this.up)) !== false) {
      fx = (await Promise.all(monthsBetween(from, to).map((m) => this.readFxMonth(m, from, to)))).flat();
    } else {
      fx = await readFxDaily(
        this.up,
        this.catalogue.families.rows.map((f) => f.code),
        from,
        to,
      );
      for (const a of fx) this.summary.rows += a.rows.length;
    }
    await this.publish(
      'sync',
      `${from} to ${to}`,
      async (c) => {
        const writeCatalogue = await this.checkCatalogue(c);
        const writeFunds = await this.checkFunds(c, funds, histories);
        const writeFx = await this.checkFx(c, fx);
        return async (w) => {
          await writeCatalogue(w);
          await writeFunds(w);
          await writeFx(w);
        };
      },
      { syncedUntil: this.reachedUntil },
    );
    this.progress('recent', funds.length + 1, funds.length + 1);
  }
}

type SyncProgressPhase = SyncProgress['phase'];

/**
 * Reads unit i+1 while unit i is published, in order. `use` may return false to stop early. A read
 * that fails after a publish failed is not left unhandled.
 */
async function pipelined<U, T>(
  units: U[],
  read: (unit: U) => Promise<T>,
  use: (unit: U, data: T) => Promise<boolean | void>,
): Promise<void> {
  if (units.length === 0) return;
  let next = read(units[0]!);
  for (let i = 0; i < units.length; i++) {
    const data = await next;
    if (i + 1 < units.length) {
      next = read(units[i + 1]!);
      next.catch(() => undefined);
    }
    if ((await use(units[i]!, data)) === false) return;
  }
}
