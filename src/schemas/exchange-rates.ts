import { Type, type Static } from '@sinclair/typebox';

const rate = (description: string) =>
  Type.String({ description: `${description}; fixed decimals, '' when not quoted`, examples: ['32.5100'] });

export const FxRateRow = Type.Object(
  {
    Family: Type.String(),
    BuyingRates: rate('Bank-note buying rate'),
    SellingRates: rate('Bank-note selling rate'),
    SightBill: rate('Sight-bill buying rate'),
    Bill_DD_TT: rate('Draft and transfer selling rate'),
    TT: rate('Transfer buying rate'),
    Ddate: Type.String({
      description: 'MM/dd/yyyy; Buddhist-era year with lang=th',
      examples: ['02/17/2026'],
    }),
    DTime: Type.String({ description: "HH:mm of the day's last update", examples: ['15:30'] }),
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
    BuyingRates: rate('Bank-note buying rate'),
    SellingRates: rate('Bank-note selling rate'),
    SightBill: rate('Sight-bill buying rate'),
    Bill_DD_TT: rate('Draft and transfer selling rate'),
    TT: rate('Transfer buying rate'),
    Ddate: Type.String({ description: 'd/MM/yyyy', examples: ['9/09/2026'] }),
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
