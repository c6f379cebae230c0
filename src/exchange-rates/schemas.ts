import { Type, type Static } from '@sinclair/typebox';

const rate = (description: string) =>
  Type.String({ description: `${description}; fixed decimals, '' when not quoted`, examples: ['32.5100'] });

/** The five published rates, in the order both row shapes serve them. */
const RATES = {
  BuyingRates: rate('Bank-note buying rate'),
  SellingRates: rate('Bank-note selling rate'),
  SightBill: rate('Sight-bill buying rate'),
  Bill_DD_TT: rate('Draft and transfer selling rate'),
  TT: rate('Transfer buying rate'),
};

export const FxRateRow = Type.Object(
  {
    Family: Type.String(),
    ...RATES,
    Ddate: Type.String({
      description: 'MM/dd/yyyy; Buddhist-era year with lang=th',
      examples: ['02/17/2026'],
    }),
    DTime: Type.String({
      description: "HH:mm of the day's last update (of the round in a one-day chart; '' in a longer chart)",
      examples: ['15:30'],
    }),
  },
  { $id: 'FxRateRow' },
);
export type FxRateRow = Static<typeof FxRateRow>;

export const FxBannerRow = Type.Object(
  {
    ID: Type.String(),
    Description: Type.String({ examples: ['USD: 1-2', 'Japan (:100)'] }),
    Family: Type.String(),
    FamilyLong: Type.String(),
    ...RATES,
    Ddate: Type.String({
      description: 'd/MM/yyyy; Buddhist-era year in Getfxrates with lang=th',
      examples: ['9/09/2026'],
    }),
    Update: Type.String({ description: "The day's update round", examples: ['2'] }),
    DTime: Type.String({ description: 'HH:mm', examples: ['11:00'] }),
  },
  { $id: 'FxBannerRow' },
);
export type FxBannerRow = Static<typeof FxBannerRow>;

export const FxFamily = Type.Object(
  {
    Family: Type.String({ description: 'Currency abbreviation' }),
    Description: Type.String({ description: 'Full currency name' }),
  },
  { $id: 'FxFamily' },
);
export type FxFamily = Static<typeof FxFamily>;

export const FxLastUpdate = Type.Object(
  {
    Update: Type.String({ description: 'The latest update round of the latest day', examples: ['4'] }),
    Time: Type.String({ description: 'HH:mm of that round', examples: ['15:34'] }),
    Day: Type.String({ description: 'dd/MM/yyyy, the day of that round', examples: ['25/11/2026'] }),
  },
  { $id: 'FxLastUpdate' },
);
export type FxLastUpdate = Static<typeof FxLastUpdate>;

export const FxDay = Type.Object(
  { Day: Type.String({ description: 'A day of the month with FX rates, no leading zero', examples: ['5'] }) },
  { $id: 'FxDay' },
);
export type FxDay = Static<typeof FxDay>;

export const FxRound = Type.Object(
  {
    Update: Type.String({ description: "The update round's number", examples: ['1'] }),
    Time: Type.String({ description: 'HH:mm of the round', examples: ['08:30'] }),
  },
  { $id: 'FxRound' },
);
export type FxRound = Static<typeof FxRound>;

export const FxConversion = Type.Object(
  {
    convertedAmount: Type.Number({
      description: 'The amount in `to`, rounded to 2 decimals',
      examples: [3236.64],
    }),
    rate: Type.Number({
      description: 'The value of 1 `from` in `to`, rounded to 8 decimals',
      examples: [32.3664],
    }),
    from: Type.String({ examples: ['USD'] }),
    to: Type.String({ examples: ['THB'] }),
    Ddate: Type.String({ description: 'dd/MM/yyyy of the rates used', examples: ['25/11/2026'] }),
    Update: Type.String({ description: 'Their update round', examples: ['4'] }),
    DTime: Type.String({ description: 'HH:mm of that round', examples: ['15:34'] }),
  },
  { $id: 'FxConversion' },
);
export type FxConversion = Static<typeof FxConversion>;

export const FxCalAmount = Type.String({
  description:
    'The amount in `to` as Convert converts it, rounded half up to at most 4 decimals, without trailing zeros or grouping',
  examples: ['3236.64'],
});
export type FxCalAmount = Static<typeof FxCalAmount>;
