import { KEY_QUERY } from './keys.js';

/**
 * Query parameters whose value is a secret: the subscription key, and an admin token someone sends
 * in the URL (admin routes take it only as a header, but a caller may try). Compared by decoded,
 * lower-case name: the query parsers accept `subscription%2Dkey` as `subscription-key`.
 */
const SECRET_PARAMS = new Set([KEY_QUERY, 'token', 'access_token']);

/**
 * A URL fit for a log line (the framework's and the direct answers') and for the portal's request
 * log: secret values masked.
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0 || url.indexOf('=', q) < 0) return url;
  const hash = url.indexOf('#', q);
  const end = hash < 0 ? url.length : hash;
  const pairs = url.slice(q + 1, end).split('&');
  let masked = false;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    const eq = pair.indexOf('=');
    if (eq >= 0 && SECRET_PARAMS.has(decodedName(pair.slice(0, eq)))) {
      pairs[i] = `${pair.slice(0, eq)}=[redacted]`;
      masked = true;
    }
  }
  return masked ? `${url.slice(0, q + 1)}${pairs.join('&')}${url.slice(end)}` : url;
}

function decodedName(name: string): string {
  const plain = name.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plain).toLowerCase();
  } catch {
    // Malformed escapes: the query parsers keep such a name as it is.
    return plain.toLowerCase();
  }
}
