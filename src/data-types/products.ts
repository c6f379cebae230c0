import { name, order } from './columns.js';
import { column, published, reference, referenceType } from './define.js';
import type { NamedRow } from './demo/catalog.js';
import type { ProductRate } from './demo/deposits.js';
import type { DemoPlan } from './demo/plan.js';
import { date, decimalText, integer, timestamp } from './fields.js';

// Deposit and loan products and their rates: two pairs of types of one shape (GetDepositRate, GetLoanRate).

/** Products of a rate list: id, names, display order. */
export const productType = <const N extends string>(spec: {
  name: N;
  label: string;
  description: string;
  what: string;
  demo: () => Promise<NamedRow[]>;
  doc?: string;
}) =>
  referenceType({
    ...spec,
    columns: {
      id: column(integer(1, 1_000_000)),
      name_en: name(),
      name_th: name(),
      display_order: order(),
    },
    keys: ['id'],
    duplicate: (row) => `${spec.what} ${row.id}`,
  });

/** Rates of products by effective date, as published (kept as text exactly as written). */
export const productRateType = <const N extends string>(spec: {
  name: N;
  label: string;
  description: string;
  checks: string;
  products: string;
  what: string;
  rateDoc: string;
  productDoc?: string;
  demo: (plan: DemoPlan) => Promise<ProductRate[]>;
}) =>
  published({
    name: spec.name,
    label: spec.label,
    description: spec.description,
    checks: spec.checks,
    columns: {
      product_id: reference<number>(spec.products, integer(1, 1_000_000), {
        file: 'product',
        ...(spec.productDoc && { doc: spec.productDoc }),
      }),
      effective_date: column(date),
      rate: column(decimalText(100, 4), { doc: spec.rateDoc }),
      // 'YYYY-MM-DD HH:mm:ss', Bangkok
      submitted_at: column(timestamp),
    },
    keys: ['product_id', 'effective_date'],
    day: 'effective_date',
    // A bank's rate changes on a day it chooses: /status shows the last publication, no expected day.
    schedule: 'on-change',
    // A rate may be announced ahead of its effective date, so only the submission time must be past.
    notFuture: 'submitted_at',
    duplicate: (row) => `rate of ${spec.what} ${row.product_id} on ${row.effective_date}`,
    demo: async function* (plan) {
      yield [await spec.demo(plan)];
    },
  });
