import { Type, type Static } from '@sinclair/typebox';

export const DepositRate = Type.Object(
  {
    DepositNameEn: Type.String(),
    DepositNameTh: Type.String(),
    DepositRates: Type.String({ description: 'Percent per annum', examples: ['0.25'] }),
    EffectiveDate: Type.String({ description: 'dd/MM/yyyy', examples: ['01/10/2026'] }),
    TimeSubmit: Type.String({ description: 'dd/MM/yyyy HH:mm:ss', examples: ['28/09/2026 16:30:00'] }),
  },
  { $id: 'DepositRate' },
);
export type DepositRate = Static<typeof DepositRate>;
