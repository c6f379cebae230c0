export const KEY_HEADER = 'ocp-apim-subscription-key';
import { KEY_QUERY } from '../domain/keys.js';

export { KEY_QUERY };

/** Keys are hex; anything longer than this cannot be one and is not worth hashing. */
export const MAX_KEY_LENGTH = 128;

/**
 * The key a call presents: its header, else the query parameter of its URL (parsed only when the
 * header is absent). Undefined: the call presents no key.
 */
export function presentedKey(header: unknown, url: string): string | undefined {
  if (typeof header === 'string' && header !== '') return header;
  const value = queryKey(url);
  return value !== '' ? value : undefined;
}

/**
 * The key in a URL's query string. A repeated key is presented as its values joined, which no key
 * can be (keys are hex), so it is refused as invalid: taken as no key, it would pass as a keyless
 * call where public access is open.
 */
function queryKey(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  const values = new URLSearchParams(url.slice(q + 1)).getAll(KEY_QUERY);
  return values.length === 0 ? undefined : values.join(',');
}
