import { productType } from './products.js';

export const depositProducts = productType({
  name: 'deposit-products',
  label: 'deposit products',
  description: 'Deposit products, in the order GetDepositRate lists them',
  what: 'product',
  demo: async () => (await import('./demo/deposits.js')).depositProductRows(),
});
