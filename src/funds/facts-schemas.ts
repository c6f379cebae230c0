import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../schemas/common.js';

// The answers of FundFacts and FundDividends (decisions section 11). Field order is the wire order.

const DAY_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const Day = Type.String({ pattern: DAY_PATTERN, description: 'YYYY-MM-DD' });
// A new Type.String, not a spread of Day: a spread copies TypeBox's symbol keys into the type,
// which the client's declaration build cannot name (TS4023).
const Updated = Nullable(
  Type.String({ pattern: DAY_PATTERN, description: 'The day SEC last updated this block (YYYY-MM-DD)' }),
);
const Text = Nullable(Type.String());
/** English and Thai side by side; either null when not published in that language. */
const Texts = { en: Text, th: Text };

const Fee = Type.Object({
  prospectusMax: Nullable(Type.Number({ description: 'The maximum in the prospectus, percent' })),
  actual: Nullable(Type.Number({ description: 'The rate actually charged, percent' })),
});

export const FundFacts = Type.Object(
  {
    fund: Type.Object({
      id: Type.Integer({ description: 'mf_iNumber' }),
      code: Type.String({ description: 'Short code' }),
      nameEn: Type.String(),
      nameTh: Type.String(),
    }),
    fundHouse: Nullable(Type.Object(Texts, { description: 'The asset management company' })),
    fundType: Nullable(Type.Object(Texts)),
    policy: Nullable(Type.Object({ ...Texts, updated: Updated }, { description: 'Investment policy' })),
    risk: Nullable(
      Type.Object({
        level: Type.Integer({ minimum: 1, maximum: 8, description: "SEC's risk spectrum, 1 (lowest) to 8" }),
        label: Type.String({ description: "'1' to '8', or '8+' for SEC's RS81 (above 8: complex)" }),
        updated: Updated,
      }),
    ),
    fees: Nullable(
      Type.Object(
        {
          frontEnd: Fee,
          backEnd: Fee,
          switchingIn: Fee,
          switchingOut: Fee,
          management: Type.Object(Fee.properties, { description: 'Percent a year' }),
          totalExpenseRatio: Type.Object(Fee.properties, { description: 'Percent a year' }),
          updated: Updated,
        },
        { description: 'Percent of the NAV; null values: not published' },
      ),
    ),
    benchmark: Nullable(Type.Object({ ...Texts, updated: Updated })),
    dividendPolicy: Nullable(
      Type.Object({
        pays: Nullable(Type.Boolean()),
        ...Texts,
        updated: Updated,
      }),
    ),
    inception: Nullable(
      Type.Object({
        date: Nullable(Day),
        registeredAssets: Nullable(Type.Number({ description: 'Baht, as registered' })),
      }),
    ),
    netAssets: Nullable(
      Type.Object(
        { date: Day, value: Type.Number({ description: 'Baht' }) },
        { description: "The latest published total net assets (from the fund's prices)" },
      ),
    ),
    links: Nullable(
      Type.Object({
        factsheet: Text,
        prospectus: Text,
        updated: Updated,
      }),
    ),
  },
  { $id: 'FundFacts' },
);
export type FundFacts = Static<typeof FundFacts>;

export const FundDividend = Type.Object(
  {
    bookClosingDate: Day,
    paymentDate: Day,
    perUnit: Type.Number({ description: 'Baht per unit' }),
  },
  { $id: 'FundDividend' },
);
export type FundDividend = Static<typeof FundDividend>;

/** A row of AllFundFacts: what a fund list filters by, as the fund's FundFacts gives it. */
export const ListedFundFacts = Type.Object(
  {
    fund: Type.Object({
      id: Type.Integer({ description: 'mf_iNumber' }),
      code: Type.String({ description: 'Short code' }),
    }),
    fundHouse: Nullable(Type.Object(Texts, { description: 'The asset management company' })),
    risk: Nullable(
      Type.Object({
        level: Type.Integer({ minimum: 1, maximum: 8, description: "SEC's risk spectrum, 1 (lowest) to 8" }),
        label: Type.String({ description: "'1' to '8', or '8+' for SEC's RS81 (above 8: complex)" }),
      }),
    ),
  },
  { $id: 'ListedFundFacts' },
);
export type ListedFundFacts = Static<typeof ListedFundFacts>;
