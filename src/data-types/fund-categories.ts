import { name, order } from './columns.js';
import { column, referenceType } from './define.js';
import { integer } from './fields.js';

export const fundCategories = referenceType({
  name: 'fund-categories',
  label: 'fund categories',
  description: 'Fund categories (mf_catenumber), the order AllFundPrices lists funds in',
  checks: 'id 1-9999',
  what: 'category',
  columns: {
    id: column(integer(1, 9999)),
    name_en: name(),
    name_th: name(),
    display_order: order(),
  },
  keys: ['id'],
  duplicate: (row) => `category ${row.id}`,
  demo: async () => [...(await import('./demo/catalog.js')).FUND_CATEGORIES],
});
