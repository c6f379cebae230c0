import type { Admission } from './admission.js';

/**
 * Admissions the fast path decided on calls it then handed to the framework to answer (a refusal,
 * or an answer that failed before it began), keyed by the call's raw request. The framework's
 * adapter takes the decision instead of admitting the call again, so nothing is counted twice.
 * A WeakMap: a call dropped before the framework reads it leaves nothing behind.
 */
const decided = new WeakMap<object, Admission>();

export function handOver(call: object, admission: Admission): void {
  decided.set(call, admission);
}

/** The admission the fast path decided for this call, if it did. */
export function handedOver(call: object): Admission | undefined {
  return decided.get(call);
}
