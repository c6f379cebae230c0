import { ConnectorError } from '../http.js';
import { AmcList, FundList, FundPolicy, shapeProblem, type SecFund } from './answers.js';
import type { SecApi } from './api.js';

/** SEC's fund houses (all, or those `amcs` names) and their funds, as listed today. */
export interface Catalogue {
  amcs: string[];
  /** The fund houses' names, by unique_id (a fund's facts name its house). */
  houses: Map<string, { en: string | null; th: string | null }>;
  funds: SecFund[];
}

/** An answer of the documented shape, or the run stops on it with what was wrong and where. */
function checked<T>(schema: Parameters<typeof shapeProblem>[0], body: unknown, what: string): T {
  const problem = shapeProblem(schema, body);
  if (problem)
    throw new ConnectorError(
      'not-source',
      `${what}: SEC's answer is not of the documented shape (${problem})`,
    );
  return body as T;
}

export async function readCatalogue(api: SecApi, amcs: readonly string[]): Promise<Catalogue> {
  const listed = await api.get('FundFactsheet', '/FundFactsheet/fund/amc', 'fund houses');
  const houses = listed === undefined ? [] : checked<AmcList>(AmcList, listed, 'fund houses');
  const wanted = amcs.length > 0 ? new Set(amcs) : null;
  const unknown = [...(wanted ?? [])].filter((id) => !houses.some((h) => h.unique_id === id));
  if (unknown.length > 0)
    throw new ConnectorError(
      'refused',
      `--amc ${unknown.join(', ')}: SEC lists no such fund house (the unique_id of /FundFactsheet/fund/amc)`,
    );
  const chosen = houses.filter((h) => !wanted || wanted.has(h.unique_id)).map((h) => h.unique_id);
  const funds: SecFund[] = [];
  for (const id of chosen) {
    const what = `funds of fund house ${id}`;
    const answer = await api.get('FundFactsheet', `/FundFactsheet/fund/amc/${encodeURIComponent(id)}`, what);
    if (answer !== undefined) funds.push(...checked<FundList>(FundList, answer, what));
  }
  const names = new Map(houses.map((h) => [h.unique_id, { en: h.name_en ?? null, th: h.name_th ?? null }]));
  return { amcs: chosen, houses: names, funds };
}

/** A fund's policy type (for its category), or null when SEC has none for it. */
export async function readPolicy(api: SecApi, projId: string): Promise<string | null> {
  const what = `policy of ${projId}`;
  const answer = await api.get(
    'FundFactsheet',
    `/FundFactsheet/fund/${encodeURIComponent(projId)}/policy`,
    what,
  );
  if (answer === undefined) return null;
  const policy = checked<FundPolicy>(FundPolicy, answer, what);
  return (Array.isArray(policy) ? policy[0]?.policy_desc : policy.policy_desc) ?? null;
}
