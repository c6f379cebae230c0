import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { formatDayMonthYear } from '../domain/dates.js';
import { Amount, Currency, parseAmount, Round } from '../domain/fx-params.js';
import {
  Day,
  Family,
  Lang,
  Month,
  parseDateParts,
  parseLang,
  parseMonthParts,
  parseRangeParams,
  RangeParams,
  withExample,
  Year,
} from '../domain/params.js';
import { KEY_ERRORS, PARAM_ERRORS } from '../schemas/common.js';
import {
  FxBannerRow,
  FxCalAmount,
  FxConversion,
  FxDay,
  FxLastUpdate,
  FxRateRow,
  FxRound,
} from './schemas.js';
import type { ExchangeRateRepositories } from './repository.js';
import { MAX_DOWNLOAD_YEARS } from './routes.js';
import { convert, fxCal } from './converter.js';

// The bank's website calls these ExchangeRateService operations beside the spec's (contract notes: the website);
// docs/website-operations.md says which block calls which and what it reads of the answer.

const DayParams = { dd: Day, mm: Month, yyyy: Year };
const parseDay = (p: Record<'dd' | 'mm' | 'yyyy', string>) =>
  parseDateParts(['dd', 'mm', 'yyyy'], [p.dd, p.mm, p.yyyy]);

export const exchangeRateWebsiteRoutes: FastifyPluginAsyncTypebox<{
  repos: ExchangeRateRepositories;
}> = async (app, { repos }) => {
  const { fx, fxRounds } = repos;

  app.get(
    '/GetLatestfxrates',
    {
      schema: {
        operationId: 'GetLatestfxrates',
        summary: "Every family's rates as of the latest update round, in display order",
        response: {
          200: Type.Array(FxBannerRow, {
            description: 'Banner rows of the latest round; [] before any rates',
          }),
          ...KEY_ERRORS,
        },
      },
    },
    async () => {
      const last = await fxRounds.lastUpdate();
      return last ? fxRounds.ratesAsOf(last.date, last.round, false) : [];
    },
  );

  app.get(
    '/Getfxrates/:dd/:mm/:yyyy/:update/:lang',
    {
      schema: {
        operationId: 'Getfxrates',
        summary: "Every family's rates as of one update round of a day (Buddhist-era Ddate with lang=th)",
        params: Type.Object({ ...DayParams, update: Round, lang: Lang }),
        response: {
          200: Type.Array(FxBannerRow, { description: 'Banner rows as of that round; [] for no such round' }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => {
      const date = parseDay(request.params);
      const lang = parseLang(request.params.lang);
      return fxRounds.ratesAsOf(date, Number(request.params.update), lang === 'th');
    },
  );

  for (const operationId of ['GetfxratesLastUpdate', 'GetDateTimeLastUpdate']) {
    app.get(
      `/${operationId}`,
      {
        schema: {
          operationId,
          summary:
            'The latest update round: its number, time and day (GetfxratesLastUpdate and GetDateTimeLastUpdate are the same)',
          response: {
            200: Type.Array(FxLastUpdate, { description: 'One element; [] before any rates' }),
            ...KEY_ERRORS,
          },
        },
      },
      async () => {
        const last = await fxRounds.lastUpdate();
        return last
          ? [{ Update: String(last.round), Time: last.time, Day: formatDayMonthYear(last.date) }]
          : [];
      },
    );
  }

  app.get(
    '/GetDayInMonth/:yyyy/:mm',
    {
      schema: {
        operationId: 'GetDayInMonth',
        summary: 'The days of a month with FX rates',
        params: Type.Object({ yyyy: Year, mm: Month }),
        response: {
          200: Type.Array(FxDay, { description: 'Days ascending, without a leading zero' }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => {
      const { first, last } = parseMonthParts('yyyy', [request.params.yyyy, request.params.mm]);
      const days = await fxRounds.daysWithRates(first, last);
      return days.map((date) => ({ Day: String(Number(date.slice(8, 10))) }));
    },
  );

  app.get(
    '/GetUpdateInMonth/:dd/:mm/:yyyy',
    {
      schema: {
        // The fund operation of the same name (FundPriceService) owns the bare name.
        operationId: 'ExchangeRate_GetUpdateInMonth',
        summary: "A day's FX update rounds and their times",
        params: Type.Object(DayParams),
        response: {
          200: Type.Array(FxRound, { description: "The day's rounds in order; [] for a day without rates" }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => {
      const rounds = await fxRounds.roundsOn(parseDay(request.params));
      return rounds.map((r) => ({ Update: String(r.round), Time: r.time }));
    },
  );

  app.get(
    '/GetChartfxrates/:fdd/:fmm/:fyyyy/:tdd/:tmm/:tyyyy/:family/:lang',
    {
      schema: {
        operationId: 'GetChartfxrates',
        summary: "A family's rates for a chart: a row a day (DTime ''), or a row a round within one day",
        params: Type.Object({ ...RangeParams, tdd: withExample(Day, '05'), family: Family, lang: Lang }),
        response: {
          200: Type.Array(FxRateRow, { description: 'Rows ascending; [] for an unknown family' }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => {
      const { from, to } = parseRangeParams(request.params, MAX_DOWNLOAD_YEARS);
      const buddhistEra = parseLang(request.params.lang) === 'th';
      const { family } = request.params;
      if (from === to) return fxRounds.roundsOfFamily(family, from, buddhistEra);
      // The day's last round stands for the day, so no round time is shown.
      return (await fx.dailyRates(family, from, to, buddhistEra)).map((row) => ({ ...row, DTime: '' }));
    },
  );

  app.get(
    '/Convert/:amount/:from/:to',
    {
      schema: {
        operationId: 'Convert',
        summary: 'An amount converted at the latest rates (TT buying into baht, selling out of it)',
        params: Type.Object({ amount: Amount, from: Currency, to: withExample(Currency, 'THB') }),
        response: {
          200: FxConversion,
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => {
      const { amount, from, to } = request.params;
      return convert(fxRounds, parseAmount(amount), from, to);
    },
  );

  // The newer site's converter (contract notes: the newer website): Convert's amount alone, as a JSON string.
  app.get(
    '/FxCal/:amount/:from/:to',
    {
      schema: {
        operationId: 'FxCal',
        summary: "Convert's converted amount alone, as a JSON string with at most 4 decimals",
        params: Type.Object({ amount: Amount, from: Currency, to: withExample(Currency, 'THB') }),
        response: {
          200: FxCalAmount,
          ...PARAM_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { amount, from, to } = request.params;
      const text = await fxCal(fxRounds, parseAmount(amount), from, to);
      // Sent as JSON text: a string payload with a JSON content type goes out as it is, where a
      // bare string would go out as text/plain.
      reply.type('application/json; charset=utf-8');
      return JSON.stringify(text);
    },
  );
};
