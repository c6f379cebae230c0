import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../schemas/common.js';
import { FundNameItem, FundPriceRecord } from '../funds/schemas.js';

// The nav group's answers (contract notes: the newer website): the bank's newer website reads the fund data through these.
// Where the FundPriceService answers write a date-time, these write a plain date. Field order here is
// the wire order: the serializer writes properties in schema order.

const ISO_DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const isoDate = (description: string) =>
  Type.String({ pattern: ISO_DATE, description, examples: ['2026-11-20'] });

/** LatestDate: one object, not a list; null when there is no price at all. */
export const NavLatestDate = Type.Object(
  { mdate: Nullable(isoDate('The latest date with any fund price, YYYY-MM-DD')) },
  { $id: 'NavLatestDate', description: 'One object; mdate null when there is no price at all' },
);
export type NavLatestDate = Static<typeof NavLatestDate>;

export const NavUpdateDay = Type.Object(
  { day: Type.Integer({ description: 'A day of the month with a price' }) },
  { $id: 'NavUpdateDay' },
);
export type NavUpdateDay = Static<typeof NavUpdateDay>;

const AUM = Type.String({
  pattern: '^(-?[0-9]+[.][0-9]{2})?$',
  description: 'Fund\'s total net assets in baht with two decimals; "" when not published',
  examples: ['1523000000.50'],
});
const BACKDATE = '"" for a price of the date asked; else the date of the earlier price shown';

/** The price part of an AllFundPrices item (4.4's prices and the site's fields), dates YYYY-MM-DD. */
export const NavPriceOfDay = {
  mfr_fNav: Type.Number(),
  mfr_fSel: Type.Number({ description: 'Offer (selling) price' }),
  mfr_fBuy: Type.Number({ description: 'Redemption (buying-back) price' }),
  mfr_dDataDate: isoDate('Date of the price shown (earlier than the date asked when back-dated)'),
  mf_sAUM: AUM,
  mf_backdate: Type.String({
    pattern: `^(${ISO_DATE.slice(1, -1)})?$`,
    description: `${BACKDATE} (at most 7 days before)`,
    examples: ['', '2026-11-18'],
  }),
};

/** One fund of AllFundPrices: the fund's fields (as AllFundsName lists them), then its price of the day. */
export const NavFundPrice = Type.Object(
  { ...FundNameItem.properties, ...NavPriceOfDay },
  { $id: 'NavFundPrice' },
);
export type NavFundPrice = Static<typeof NavFundPrice>;

/** One fund of AllFundNames: every listed fund with its latest price (null before its first) and order. */
export const NavFund = Type.Object(
  {
    ...FundNameItem.properties,
    mfr_fNav: Nullable(Type.Number()),
    mfr_fSel: Nullable(Type.Number({ description: 'Offer (selling) price' })),
    mfr_fBuy: Nullable(Type.Number({ description: 'Redemption (buying-back) price' })),
    mfr_dDataDate: Nullable(isoDate("Date of the fund's latest price")),
    mf_sAUM: AUM,
    mf_backdate: Nullable(
      Type.String({
        pattern: `^(${ISO_DATE.slice(1, -1)})?$`,
        description:
          '"" when the fund\'s latest price is of the latest date of any fund; else its date (null: no price)',
        examples: ['', '2026-11-18'],
      }),
    ),
    mf_order: Type.Integer({ description: "The fund's display order within its category" }),
  },
  { $id: 'NavFund' },
);
export type NavFund = Static<typeof NavFund>;

/** NavHistory's row: FundPrice_ByFundCode's record (4.3) with its date YYYY-MM-DD. */
export const NavPriceRecord = Type.Object(
  { ...FundPriceRecord.properties, mfr_dDataDate: isoDate('Date of the price') },
  { $id: 'NavPriceRecord' },
);
export type NavPriceRecord = Static<typeof NavPriceRecord>;

const value = () => Nullable(Type.Number());

/**
 * FundMaxMinNav: 4.2's windows as one object, each extreme with the offer and redemption prices of the
 * same row (_fSel = mfr_fSel, _fBuy = mfr_fBuy); every field null when there is no data.
 */
export const NavMaxMin = Type.Object(
  {
    MaxSelected_fNav: value(),
    MaxSelected_fBuy: value(),
    MaxSelected_fSel: value(),
    MaxYear_fNav: value(),
    MaxYear_fBuy: value(),
    MaxYear_fSel: value(),
    MaxSince_fNav: value(),
    MaxSince_fBuy: value(),
    MaxSince_fSel: value(),
    MinSelected_fNav: value(),
    MinSelected_fBuy: value(),
    MinSelected_fSel: value(),
    MinYear_fNav: value(),
    MinYear_fBuy: value(),
    MinYear_fSel: value(),
    MinSince_fNav: value(),
    MinSince_fBuy: value(),
    MinSince_fSel: value(),
    Begin_fNav: value(),
    End_fNav: value(),
  },
  {
    $id: 'NavMaxMin',
    description: 'One object; every field null for an unknown fund, or without a price up to the end',
  },
);
export type NavMaxMin = Static<typeof NavMaxMin>;
