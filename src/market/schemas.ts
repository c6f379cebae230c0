import { Type, type Static } from '@sinclair/typebox';

/** GetMarketsum's first list: the summary's day. */
export const MarketDate = Type.Object(
  { mktdate: Type.String({ description: 'The summary’s day, dd/MM/yyyy', examples: ['27/11/2026'] }) },
  { $id: 'MarketDate' },
);
export type MarketDate = Static<typeof MarketDate>;

/** GetMarketsum's second list: one value of the summary. */
export const MarketValue = Type.Object(
  {
    mktcode: Type.String({
      description: 'What the value is (RR, USIR, MMR, ..., FXMO, TBMO)',
      examples: ['RR'],
    }),
    mktno: Type.String({ description: 'Which of the code’s values, from 1, as a string', examples: ['1'] }),
    mktvalue: Type.String({
      description:
        'A display string as the operator wrote it; for FXMO and TBMO (the outlooks) HTML in a safe subset: p, br, strong, em, ul, ol, li, entities, no attributes',
      examples: ['32.4512'],
    }),
  },
  { $id: 'MarketValue' },
);
export type MarketValue = Static<typeof MarketValue>;

/** The answer: `[[day], values]`, or `[[], []]` before any summary. */
export type MarketSummary = [MarketDate[], MarketValue[]];

const DAY_LIST = Type.Array(MarketDate, { maxItems: 1 });
const VALUE_LIST = Type.Array(MarketValue);

/**
 * A pair of lists, as JSON Schema 2020-12 (and OpenAPI 3.1) write a tuple. The route serializes it
 * with JSON.stringify: the response serializer takes tuples in the older `items: [...]` form only.
 */
export const MarketSummarySchema = Type.Unsafe<MarketSummary>({
  type: 'array',
  description:
    'The latest summary: its day, then its values by code (ascending, as strings) then number; [[], []] before any',
  prefixItems: [DAY_LIST, VALUE_LIST],
  // For tools that do not read prefixItems: each item is one of the two lists.
  items: { anyOf: [DAY_LIST, VALUE_LIST] },
  minItems: 2,
  maxItems: 2,
  examples: [
    [
      [{ mktdate: '27/11/2026' }],
      [
        { mktcode: 'CMST', mktno: '1', mktvalue: '2,412.50' },
        { mktcode: 'FXMO', mktno: '1', mktvalue: '<p>The baht is seen at <strong>32.30-32.60</strong>.</p>' },
        { mktcode: 'RR', mktno: '1', mktvalue: '32.4512' },
      ],
    ],
  ],
});
