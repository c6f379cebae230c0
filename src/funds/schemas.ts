import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable } from '../schemas/common.js';

// Field order here is the wire order: the serializer writes properties in schema order.

export const NavEntry = Type.Object({
  NAVRate: Type.Number({ description: 'NAV per unit' }),
  NAVDate: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD' }),
  PurchaseRate: Type.Number({ description: 'Offer price (= mfr_fSel)' }),
  RedeemRate: Type.Number({ description: 'Redemption price (= mfr_fBuy)' }),
  NAV: Nullable(Type.Number({ description: "Fund's total net assets in baht; null when not published" })),
});
export type NavEntry = Static<typeof NavEntry>;

export const FundNavRange = Type.Object(
  {
    NAVList: Type.Array(NavEntry),
    Success: Type.Boolean(),
    Message: Type.String(),
    FundCode: Type.String(),
    DateFrom: Type.String(),
    DateTo: Type.String(),
  },
  { $id: 'FundNavRange' },
);
export type FundNavRange = Static<typeof FundNavRange>;

const navField = () => Nullable(Type.Number());
const dateField = () => Nullable(DateTime);

export const FundNavStatistics = Type.Object(
  {
    MinSelected_mfr_fNav: navField(),
    MinSelected_mfr_dDataDate: dateField(),
    MaxSelected_mfr_fNav: navField(),
    MaxSelected_mfr_dDataDate: dateField(),
    MinYear_mfr_fNav: navField(),
    MinYear_mfr_dDataDate: dateField(),
    MaxYear_mfr_fNav: navField(),
    MaxYear_mfr_dDataDate: dateField(),
    MinSince_mfr_fNav: navField(),
    MinSince_mfr_dDataDate: dateField(),
    MaxSince_mfr_fNav: navField(),
    MaxSince_mfr_dDataDate: dateField(),
    Begin_mfr_fNav: navField(),
    Begin_mfr_dDataDate: dateField(),
    End_mfr_fNav: navField(),
    End_mfr_dDataDate: dateField(),
  },
  { $id: 'FundNavStatistics' },
);
export type FundNavStatistics = Static<typeof FundNavStatistics>;

export const FundPriceRecord = Type.Object(
  {
    mfr_iId: Type.Integer(),
    mf_iNumber: Type.Integer(),
    mfr_fNav: Type.Number(),
    mfr_fSel: Type.Number({ description: 'Offer (selling) price' }),
    mfr_fBuy: Type.Number({ description: 'Redemption (buying-back) price' }),
    l_ID: Type.Number({ description: 'Id of the publication batch that delivered the price' }),
    mfr_dDataDate: DateTime,
    mf_sEng: Type.String(),
    mf_sTha: Type.String(),
    mf_sThaLCD: Type.String(),
    mf_linkEng: Type.String(),
    mf_linkTha: Type.String(),
    mf_pdf: Type.String({ description: 'Fund fact-sheet URL' }),
    mf_order: Type.Integer(),
    mf_catenumber: Type.Integer(),
  },
  { $id: 'FundPriceRecord' },
);
export type FundPriceRecord = Static<typeof FundPriceRecord>;

/** A fund as the website's picker lists it (AllFundsName): the fields of 2.4 up to mf_linkTha. */
export const FundNameItem = Type.Object(
  {
    mf_iNumber: Type.String(),
    mf_sEng: Type.String(),
    mf_sTha: Type.String(),
    mf_catenumber: Type.Integer(),
    mf_cateEng: Type.String(),
    mf_cateTha: Type.String(),
    mf_linkEng: Type.String(),
    mf_linkTha: Type.String(),
  },
  { $id: 'FundNameItem' },
);
export type FundNameItem = Static<typeof FundNameItem>;

/** The price part of an AllFundPrices item: the spec's three prices, then the three fields the website reads. */
export const FundPriceOfDay = {
  mfr_fNav: Type.Number(),
  mfr_fSel: Type.Number(),
  mfr_fBuy: Type.Number(),
  // DateTime's options in a schema of its own: a spread of the schema itself carries TypeBox's symbol
  // keys into this type, which declaration files (npm run build, prepare) cannot name.
  mfr_dDataDate: Type.String({
    pattern: DateTime.pattern,
    examples: DateTime.examples,
    description: 'Date of the price shown (earlier than the date asked when back-dated)',
  }),
  mfr_sAUM: Type.String({
    pattern: '^(-?[0-9]+[.][0-9]{2})?$',
    description: 'Fund\'s total net assets in baht with two decimals; "" when not published',
    examples: ['1523000000.50'],
  }),
  mf_backdate: Type.String({
    pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}T00:00:00)?$',
    description:
      '"" for a price of the date asked; else the date-time of the earlier price shown (at most 7 days before)',
    examples: ['', '2026-11-18T00:00:00'],
  }),
};

/** One fund of AllFundPrices: the fund's fields (FundNameItem), then its price of the day. */
export const FundPriceListItem = Type.Object(
  { ...FundNameItem.properties, ...FundPriceOfDay },
  { $id: 'FundPriceListItem' },
);
export type FundPriceListItem = Static<typeof FundPriceListItem>;

export const UpdateDay = Type.Object({ Day: Type.Integer() }, { $id: 'UpdateDay' });
export type UpdateDay = Static<typeof UpdateDay>;

export const LatestDateRecord = Type.Object({ mDate: DateTime }, { $id: 'LatestDateRecord' });
export type LatestDateRecord = Static<typeof LatestDateRecord>;
