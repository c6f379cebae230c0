import type { Config } from '../config.js';
import type { ImportType } from '../ingest/spec.js';
import type { Store } from '../store/db.js';
import type { Credential, SourceHttp } from './http.js';
import type { RefusedRow, ReleaseSchedule } from './state.js';

/** Rows of one window as the import files hold them: per import type, objects keyed by its columns. */
export type ImportRows = Partial<Record<ImportType, Record<string, unknown>[]>>;

/** Days from `from` to `to`, both inclusive ('YYYY-MM-DD'). */
export interface Window {
  from: string;
  to: string;
}

export interface FetchedWindow {
  rows: ImportRows;
  /** Rows read from the source (before mapping: a source row may make several rows, or none). */
  fetched: number;
  /** The latest day the source had data for in this window, if any. */
  latest: string | null;
  /** Rows refused before the checks (e.g. an answer with no value to read), listed as theirs are. */
  refused?: RefusedRow[];
}

/** What a connector's run has to work with. */
export interface ConnectorContext {
  /** To read what the store holds (e.g. stored products); the framework does every write. */
  store: Store;
  http: SourceHttp;
  settings: Config;
  /** Today in Bangkok. */
  today: string;
  /** A dry run: the store must not change (a connector keeping numbers it gives keeps none). */
  dryRun: boolean;
}

/** One run of a connector: what it fetched earlier in the run it may keep (e.g. the last values). */
export interface ConnectorRun {
  /**
   * The window's rows. Everything the window's batch needs (reference rows included) comes with
   * them; a row that is the same as stored is harmless (it changes nothing). Throw a ConnectorError
   * for an answer that is not the source's: the window then publishes nothing.
   */
  fetchWindow(window: Window): Promise<FetchedWindow>;
}

/** A connector to a public source (src/connectors/index.ts says how one plugs in). */
export interface Connector {
  /** The name `rates connect NAME` and CONNECTORS take, e.g. 'bot-fx'. */
  name: string;
  description: string;
  /** Who publishes the data, as the explorer and /docs credit it, e.g. 'Bank of Thailand, average of commercial banks'. */
  source: string;
  /** The API's service groups its data fills (the /docs groups that credit the source). */
  groups: readonly string[];
  /** The credentials the run needs: a missing one stops it before any request, naming the setting. */
  credentials(settings: Config): { credential: Credential; value: string }[];
  /** The source's first day: the backfill's start when --since is not given. */
  earliest: string;
  /** Days one request may cover at most (BOT: 31). */
  windowDays: number;
  /** Calls the source allows in any `windowMs` (SEC: about 3,000 per 300 s): the run never starts more. */
  callLimit?(settings: Config): { calls: number; windowMs: number };
  release: ReleaseSchedule;
  /** The daily time (Bangkok) the job of `rates serve` runs it. */
  schedule(settings: Config): string;
  /** What besides the connector names its data (e.g. the bank): a new one starts a new backfill. */
  identity(settings: Config): string;
  /** Starts a run; may read the store and check the settings (throw a ConnectorError). */
  open(context: ConnectorContext): Promise<ConnectorRun>;
}
