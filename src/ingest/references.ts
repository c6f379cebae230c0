import type { ReferenceKeys } from '../store/reference-reads.js';

/**
 * What rows of a batch may refer to: the reference data already stored, plus what the batch itself
 * brings (its reference files are read first). Small: thousands of funds at most.
 */
export class References {
  readonly fundByCode = new Map<string, number>();
  readonly fundIds = new Set<number>();
  readonly categories = new Set<number>();
  readonly families = new Set<string>();
  /** Deposit products. */
  readonly products = new Set<number>();
  readonly loanProducts = new Set<number>();

  static fromKeys(stored: ReferenceKeys): References {
    const refs = new References();
    for (const f of stored.funds) refs.addFund(f.id, f.code_key);
    for (const id of stored.categories) refs.categories.add(id);
    for (const code of stored.families) refs.families.add(code);
    for (const id of stored.depositProducts) refs.products.add(id);
    for (const id of stored.loanProducts) refs.loanProducts.add(id);
    return refs;
  }

  addFund(id: number, code: string): void {
    this.fundIds.add(id);
    this.fundByCode.set(code.toUpperCase(), id);
  }

  /** A fund number, or a short code (case-insensitive), to the fund number; undefined if unknown. */
  resolveFund(code: string): number | undefined {
    if (/^[0-9]{1,10}$/.test(code) && this.fundIds.has(Number(code))) return Number(code);
    return this.fundByCode.get(code.toUpperCase());
  }
}
