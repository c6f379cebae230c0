import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { stringify } from 'csv-stringify/sync';
import {
  Family,
  FamilyList,
  Lang,
  parseFamilyList,
  parseLang,
  parseRangeParams,
  RangeParams,
} from '../domain/params.js';
import type { ExchangeRateRepositories } from './repository.js';
import { KEY_ERRORS, PARAM_ERRORS } from '../schemas/common.js';
import { FxBannerRow, FxFamily, FxRateRow } from './schemas.js';

export const MAX_DOWNLOAD_YEARS = 3;
const CSV_COLUMNS = Object.keys(FxRateRow.properties) as (keyof FxRateRow)[];
const CSV_OPTIONS = { record_delimiter: 'windows' } as const;
const CSV_HEADER = stringify([CSV_COLUMNS], CSV_OPTIONS);

/**
 * Each row's CSV line, kept while its row is: rows of a family's cached daily series (repository.ts) are
 * the same objects from call to call, so a download joins lines made once instead of formatting
 * every row again (that was most of a 3-year download's time once its rows were in memory).
 */
const csvLines = new WeakMap<FxRateRow, string>();

function csvOf(rows: FxRateRow[]): string {
  const missing = rows.filter((row) => !csvLines.has(row));
  if (missing.length > 0) {
    const made = stringify(
      missing.map((row) => CSV_COLUMNS.map((column) => row[column])),
      CSV_OPTIONS,
    ).split(/(?<=\r\n)/);
    // A line per row, as the values hold no line breaks (checked: were one to, the lines would not match).
    if (made.length !== missing.length) {
      return stringify(rows, { ...CSV_OPTIONS, header: true, columns: CSV_COLUMNS });
    }
    missing.forEach((row, i) => csvLines.set(row, made[i]!));
  }
  return CSV_HEADER + rows.map((row) => csvLines.get(row)!).join('');
}

/** The ExchangeRateService group (4.5, 4.6, 4.8). */
export const exchangeRateRoutes: FastifyPluginAsyncTypebox<{ repos: ExchangeRateRepositories }> = async (
  app,
  { repos },
) => {
  app.get(
    '/GetDownloadfxrates/:fdd/:fmm/:fyyyy/:tdd/:tmm/:tyyyy/:family/:lang',
    {
      schema: {
        operationId: 'GetDownloadfxrates',
        summary: "A family's daily rates over at most 3 years (JSON, or CSV with Accept: text/csv)",
        params: Type.Object({ ...RangeParams, family: Family, lang: Lang }),
        response: {
          200: {
            description: 'Daily rates, ascending by date',
            content: {
              'application/json': { schema: Type.Array(FxRateRow) },
              'text/csv': {
                schema: Type.String({ description: 'Header row in field order, then one row a day' }),
              },
            },
          },
          ...PARAM_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = parseRangeParams(request.params, MAX_DOWNLOAD_YEARS);
      const lang = parseLang(request.params.lang);
      const rows = await repos.fx.dailyRates(request.params.family, from, to, lang === 'th');
      if (!(request.headers.accept ?? '').toLowerCase().includes('text/csv')) return rows;
      const family = request.params.family.toUpperCase();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fxrates-${family}-${from}-${to}.csv"`)
        .send(csvOf(rows));
    },
  );

  app.get(
    '/GetfxbannerAPI/:family',
    {
      schema: {
        operationId: 'GetfxbannerAPI',
        summary: 'Latest rates of the selected families, in the order asked',
        params: Type.Object({ family: FamilyList }),
        response: {
          200: Type.Array(FxBannerRow, {
            description: 'Latest rates per family; unknown and unpublished families are left out',
          }),
          ...PARAM_ERRORS,
        },
      },
    },
    async (request) => repos.fx.latestRates(parseFamilyList(request.params.family)),
  );

  app.get(
    '/Getfxfamily',
    {
      schema: {
        operationId: 'Getfxfamily',
        summary: 'Currency families (abbreviation and full name) in display order',
        response: {
          200: Type.Array(FxFamily, { description: 'Families in display order' }),
          ...KEY_ERRORS,
        },
      },
    },
    async () => repos.fx.families(),
  );
};
