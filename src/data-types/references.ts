/** The keys of the stored reference rows, per reference type, as a batch's rows are checked against them. */
export interface ReferenceKeys {
  /** Per reference type (`funds`, `fx-families` ...), the keys of its stored rows. */
  keys: Readonly<Record<string, readonly (string | number)[]>>;
  /** Every stored fund's number and upper-cased short code: a fund is named by either. */
  funds: readonly { id: number; code_key: string }[];
}

/**
 * What rows of a batch may refer to: the reference data already stored, plus what the batch itself
 * brings (its reference rows are checked first). Small: thousands of funds at most.
 */
export class References {
  private readonly keys = new Map<string, Set<string | number>>();
  readonly fundByCode = new Map<string, number>();

  static fromKeys(stored: ReferenceKeys): References {
    const refs = new References();
    for (const [type, keys] of Object.entries(stored.keys)) for (const key of keys) refs.add(type, key);
    for (const f of stored.funds) refs.addFund(f.id, f.code_key);
    return refs;
  }

  has(type: string, key: string | number): boolean {
    return this.keys.get(type)?.has(key) ?? false;
  }

  add(type: string, key: string | number): void {
    let keys = this.keys.get(type);
    if (!keys) this.keys.set(type, (keys = new Set()));
    keys.add(key);
  }

  addFund(id: number, code: string): void {
    this.add('funds', id);
    this.fundByCode.set(code.toUpperCase(), id);
  }

  /** A fund number, or a short code (case-insensitive), to the fund number; undefined if unknown. */
  resolveFund(code: string): number | undefined {
    if (/^[0-9]{1,10}$/.test(code) && this.has('funds', Number(code))) return Number(code);
    return this.fundByCode.get(code.toUpperCase());
  }
}
