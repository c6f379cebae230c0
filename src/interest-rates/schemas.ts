import { Type, type Static } from '@sinclair/typebox';

/** A product rate's text: percent per annum, as published. */
const percentPerAnnum = (example: string) =>
  Type.String({ description: 'Percent per annum', examples: [example] });

/** When a deposit or loan rate took effect and when it was submitted: the same fields in both answers. */
const inForceFields = {
  EffectiveDate: Type.String({ description: 'dd/MM/yyyy', examples: ['01/10/2026'] }),
  TimeSubmit: Type.String({ description: 'dd/MM/yyyy HH:mm:ss', examples: ['28/09/2026 16:30:00'] }),
};

export const DepositRate = Type.Object(
  {
    DepositNameEn: Type.String(),
    DepositNameTh: Type.String(),
    DepositRates: percentPerAnnum('0.25'),
    ...inForceFields,
  },
  { $id: 'DepositRate' },
);
export type DepositRate = Static<typeof DepositRate>;

/** A loan reference rate (MLR, MOR, MRR) or loan product's rate: GetLoanRate, in GetDepositRate's formats. */
export const LoanRate = Type.Object(
  {
    LoanNameEn: Type.String({ examples: ['Minimum Loan Rate (MLR)'] }),
    LoanNameTh: Type.String(),
    LoanRates: percentPerAnnum('6.975'),
    ...inForceFields,
  },
  { $id: 'LoanRate' },
);
export type LoanRate = Static<typeof LoanRate>;
