import type { Config } from '../../config.js';
import type { ConnectorContext, Window } from '../connector.js';
import { echo } from '../../domain/errors.js';
import { ConnectorError, type Credential } from '../http.js';

/** Where a BOT API token comes from (docs/connectors.md says it step by step). */
export const BOT_TOKEN: Credential = {
  env: 'BOT_API_TOKEN',
  where: 'https://portal.api.bot.or.th (sign up, create an app, subscribe it to the APIs used)',
};

export const botCredentials = (settings: Config) => [{ credential: BOT_TOKEN, value: settings.botApiToken }];

/** A value of a BOT row: numbers come as text with 4-7 decimals, a missing one as "". */
export type BotRow = Record<string, string | null | undefined>;

/**
 * The rows of one BOT answer for a window: `{"result": {"data": {"data_header": ...,
 * "data_detail": [rows]}}}`. Anything else is not BOT's answer (a proxy's page, an error in
 * another shape): the window publishes nothing.
 */
export async function botRows(
  ctx: ConnectorContext,
  path: string,
  window: Window,
  what: string,
): Promise<BotRow[]> {
  const url = new URL(path, ctx.settings.botApiUrl.replace(/\/*$/, '/'));
  url.searchParams.set('start_period', window.from);
  url.searchParams.set('end_period', window.to);
  const label = `${what} ${window.from} to ${window.to}`;
  const { body } = await ctx.http.getJson(url.href, {
    what: label,
    headers: { authorization: ctx.settings.botApiToken },
    credential: BOT_TOKEN,
  });
  const detail = (body as { result?: { data?: { data_detail?: unknown } } } | undefined)?.result?.data
    ?.data_detail;
  if (
    !Array.isArray(detail) ||
    !detail.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))
  )
    throw new ConnectorError(
      'not-source',
      `${label}: the answer is not the BOT API's envelope (result.data.data_detail)`,
    );
  // Every value BOT writes is a text (or null): another type is not BOT's answer, said by row and field.
  for (const [i, row] of (detail as Record<string, unknown>[]).entries())
    for (const [field, value] of Object.entries(row))
      if (value !== null && value !== undefined && typeof value !== 'string')
        throw new ConnectorError(
          'not-source',
          `${label}, row ${i + 1}: ${echo(field)} is ${kindOf(value)} (${echo(JSON.stringify(value))}), not a text as the BOT API writes its values`,
        );
  return detail as BotRow[];
}

const kindOf = (value: unknown) =>
  Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

/** A BOT number as the import takes it: "" (or none) is no value; spaces around it are not part of it. */
export function botNumber(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
}
