import { productType } from './products.js';

export const loanProducts = productType({
  name: 'loan-products',
  label: 'loan products',
  description: 'MLR, MOR, MRR and loan products, in the order GetLoanRate lists them',
  what: 'loan product',
  demo: async () => (await import('./demo/loans.js')).loanProductRows(),
});
