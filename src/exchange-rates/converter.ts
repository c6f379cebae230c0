import { conversionRate, decimalText, integer, rounded, times, type Fraction } from '../domain/convert.js';
import { formatDayMonthYear } from '../domain/dates.js';
import { ParamError } from '../domain/errors.js';
import type { FxConversion } from './schemas.js';
import { laterRound, type FxQuote, type FxRoundsRepository, type QuoteSide } from './rounds-repository.js';

const BAHT = 'THB';

/**
 * Convert (contract notes: the website): foreign currency to baht at the bank's buying TT rate, baht to foreign
 * currency at its selling rate (Bill_DD_TT), two foreign currencies through baht, per 100 or 1,000
 * units where the family is quoted so. The answer names the round of the rates used (the later of
 * the two); a currency to itself is worth 1, as of the latest round.
 */
export async function convert(
  rounds: FxRoundsRepository,
  amount: Fraction,
  fromRaw: string,
  toRaw: string,
): Promise<FxConversion> {
  const { converted, rate, from, to, round } = await conversion(rounds, amount, fromRaw, toRaw);
  return {
    convertedAmount: rounded(converted, 2),
    rate: rounded(rate, 8),
    from,
    to,
    Ddate: formatDayMonthYear(round.date),
    Update: String(round.round),
    DTime: round.time,
  };
}

/**
 * FxCal (contract notes: the newer website): the amount Convert converts, as the newer site's converter reads it: decimal
 * text it calls `.replace` on, rounded once (half up) to at most 4 places, with no trailing zeros and
 * no grouping ('3236.64').
 */
export async function fxCal(
  rounds: FxRoundsRepository,
  amount: Fraction,
  fromRaw: string,
  toRaw: string,
): Promise<string> {
  return decimalText((await conversion(rounds, amount, fromRaw, toRaw)).converted, 4);
}

/** The exact converted amount and rate (unrounded fractions), the codes, and the round they are of. */
async function conversion(rounds: FxRoundsRepository, amount: Fraction, fromRaw: string, toRaw: string) {
  const [from, to] = [fromRaw.toUpperCase(), toRaw.toUpperCase()];
  const fromQuote = from === BAHT ? undefined : await quote(rounds, 'from', from, 'buying_tt');
  const toQuote = to === BAHT ? undefined : await quote(rounds, 'to', to, 'selling_tt');
  const round = laterOf(fromQuote, toQuote) ?? (await rounds.lastUpdate());
  if (!round) throw new ParamError('from', 'a currency the bank has published rates for', fromRaw);
  const rate = from === to ? integer(1) : conversionRate(fromQuote, toQuote);
  return { converted: times(amount, rate), rate, from, to, round };
}

async function quote(
  rounds: FxRoundsRepository,
  param: 'from' | 'to',
  currency: string,
  side: QuoteSide,
): Promise<FxQuote> {
  const found = await rounds.latestQuote(currency, side);
  if (!found) {
    const rate = side === 'buying_tt' ? 'buying TT' : 'selling (Bill_DD_TT)';
    throw new ParamError(param, `THB or a currency with a ${rate} rate, such as USD or JPY`, currency);
  }
  return found;
}

function laterOf(a: FxQuote | undefined, b: FxQuote | undefined): FxQuote | undefined {
  if (!a || !b) return a ?? b;
  return laterRound(a, b) ? a : b;
}
