import { order } from './columns.js';
import { column, referenceType } from './define.js';
import { integer, string } from './fields.js';

const upperCase = (parse: (value: unknown) => string) => (value: unknown) => parse(value).toUpperCase();

export const fxFamilies = referenceType({
  name: 'fx-families',
  label: 'FX families',
  description: 'Currency families (Getfxfamily): labels, units and decimals',
  what: 'family',
  columns: {
    code: column(upperCase(string(10, /^[A-Za-z0-9]+$/, 'a family code of letters and digits'))),
    description: column(string(100), { doc: '(short label, e.g. `Japan (:100)`)' }),
    name: column(string(100)),
    unit: column(integer(1, 1_000_000), { doc: '(1, 100, 1000 ...)' }),
    decimals: column(integer(0, 8), { doc: '(0-8)' }),
    display_order: order(),
  },
  keys: ['code'],
  duplicate: (row) => `family ${row.code}`,
  resolve: (value, refs) => {
    const code = String(value).toUpperCase();
    return refs.has('fx-families', code) ? code : undefined;
  },
  demo: async () => (await import('./demo/fx-families.js')).fxFamilyRows(),
});
