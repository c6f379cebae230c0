/* global URLSearchParams, location, fetch, document, window -- a browser module, loaded by the site's pages */
// What the website scripts of these tests share: the service's address and the page's language from
// the page's query, calls made as the site makes them (fetch, no key, from the page's own origin), and
// a record of each view: what it called, what it showed, what went wrong.

const params = new URLSearchParams(location.search);
export const api = `${params.get('api')}/api`;
export const lang = params.get('lang') === 'th' ? 'th' : 'en';
document.documentElement.lang = lang;

const views = [];
let current;

/** A GET as the site sends it; a non-2xx answer fails the view. JSON answers parsed, others as text. */
export async function get(path) {
  const response = await fetch(`${api}/${path}`);
  current.calls.push(`${response.status} ${path}`);
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${path}`);
  const type = response.headers.get('content-type') || '';
  return type.includes('application/json') ? response.json() : response.text();
}

export function fail(message) {
  current.failures.push(message);
}

/** A number shown on the page: NaN is a failure. */
export function number(value, what) {
  const n = parseFloat(String(value ?? '').trim());
  if (Number.isNaN(n)) fail(`${what} is NaN (${JSON.stringify(value)})`);
  return n;
}

/** A Date shown on the page: `Invalid Date` is a failure. */
export function date(value, what) {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) fail(`${what} is an Invalid Date`);
  return value;
}

export function rows(list, what) {
  if (!Array.isArray(list) || list.length === 0) fail(`${what}: nothing to show`);
  return Array.isArray(list) ? list : [];
}

export const pad = (n) => String(n).padStart(2, '0');

/** Runs one view; what it returns is how many things it showed (0 fails the test). */
export async function view(name, body) {
  current = { name, calls: [], failures: [], shown: 0 };
  views.push(current);
  try {
    current.shown = await body();
  } catch (e) {
    fail(String(e.message || e));
  }
}

/**
 * The outcome for the test (window.siteResult), and one line a view under what the views drew, for the
 * screenshot kept beside the test.
 */
export function finish(title) {
  const summary = document.createElement('ul');
  summary.id = 'views';
  for (const v of views) {
    const line = document.createElement('li');
    line.textContent = `${v.failures.length ? 'FAILED' : 'ok'} ${v.name}: ${v.shown} shown`;
    for (const f of v.failures) line.append(document.createElement('br'), `- ${f}`);
    summary.append(line);
  }
  document.getElementById('running')?.remove();
  const heading = document.createElement('h1');
  heading.textContent = `${title} (${lang})`;
  document.body.prepend(heading, summary);
  window.siteResult = { lang, views };
}
