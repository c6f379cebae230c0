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

/** A loan reference rate (MLR, MOR, MRR) or loan product's rate: GetLoanRate, in GetDepositRate's formats. */
export const LoanRate = Type.Object(
  {
    LoanNameEn: Type.String({ examples: ['Minimum Loan Rate (MLR)'] }),
    LoanNameTh: Type.String(),
    LoanRates: Type.String({ description: 'Percent per annum', examples: ['6.975'] }),
    EffectiveDate: Type.String({ description: 'dd/MM/yyyy', examples: ['01/10/2026'] }),
    TimeSubmit: Type.String({ description: 'dd/MM/yyyy HH:mm:ss', examples: ['28/09/2026 16:30:00'] }),
  },
  { $id: 'LoanRate' },
);
export type LoanRate = Static<typeof LoanRate>;
