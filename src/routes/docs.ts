import compress from '@fastify/compress';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readConnectorStates } from '../connectors/state.js';
import type { Store } from '../store/db.js';

/** Where published data came from, when a connector published it: its source and the groups it fills. */
export interface Credit {
  connector: string;
  source: string;
  groups: readonly string[];
}

/**
 * The connectors that published data into this store (docs/connectors.md). A batch's origin is the
 * batch's `source`; which connector holds data, its credit and its groups are in its state.
 */
export async function readCredits(store: Store): Promise<Credit[]> {
  const states = await readConnectorStates(store.db).catch(() => []);
  return states
    .filter((s) => s.latestDate !== null && s.source)
    .map(({ connector, source, groups }) => ({ connector, source, groups }));
}

type Spec = { info?: { description?: string }; tags?: { name: string; description?: string }[] };

/** The OpenAPI document with each credited group's description saying `Source: ...`. */
function credited<T>(document: T, credits: Credit[]): T {
  if (credits.length === 0) return document;
  const doc = structuredClone(document) as Spec;
  for (const tag of doc.tags ?? []) {
    const sources = credits.filter((c) => c.groups.includes(tag.name)).map((c) => c.source);
    if (sources.length > 0) tag.description = `${tag.description ?? ''} (Source: ${sources.join('; ')})`;
  }
  if (doc.info)
    doc.info.description = `${doc.info.description ?? ''}\n\n${credits.map((c) => `Source: ${c.source} (\`rates connect ${c.connector}\`).`).join('\n')}`;
  return doc as T;
}

// The docs page runs only the service's own scripts and talks only to the service.
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Swagger UI's bundle inserts one fixed <style>; its hash allows just that one (the browser tests
  // report any other inline style, e.g. after an upgrade of @fastify/swagger-ui).
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
].join('; ');

/**
 * What /docs says when the key kept in this browser is refused, in the explorer's language ({portal}:
 * the link to the portal, named by `portal`).
 */
export const KEPT_KEY_TEXTS = {
  en: {
    stopped:
      'The key kept in this browser stopped working: the service refused it (a key stops when it is regenerated, when its end comes, or when its subscription ends). Get a new key or choose another in the {portal}.',
    portal: 'developer portal',
  },
  th: {
    stopped:
      'คีย์ที่เก็บไว้ในเบราว์เซอร์นี้ใช้ไม่ได้แล้ว บริการปฏิเสธคีย์นี้ (คีย์จะหยุดทำงานเมื่อสร้างคีย์ใหม่แทน เมื่อถึงเวลาสิ้นสุดของคีย์ หรือเมื่อการสมัครใช้สิ้นสุด) รับคีย์ใหม่หรือเลือกคีย์อื่นได้ที่{portal}',
    portal: 'พอร์ทัลนักพัฒนา',
  },
};

/**
 * "Try it out" sends the key the developer portal or the explorer kept in this browser (localStorage
 * 'rates-explorer.key', read at each call, so a key regenerated a moment ago is used) when the caller
 * gave none under Authorize. Swagger UI's page gets this function's source text: it uses nothing but the
 * browser's globals, and no inner named function (the bundle would wrap it in a helper the page lacks).
 */
function useKeptKey(request: Record<string, unknown>) {
  const url = String(request.url);
  const headers = (request.headers ?? {}) as Record<string, string>;
  let kept: string | null = null;
  try {
    kept = window.localStorage.getItem('rates-explorer.key');
  } catch {
    kept = null; // storage refused (a private window's policy): the call goes as it is
  }
  let given = url.indexOf('subscription-key=') !== -1;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === 'ocp-apim-subscription-key') given = true;
  }
  const page = window as unknown as { ratesKeptKeyUrl?: string };
  page.ratesKeptKeyUrl = undefined;
  if (kept && !given && url.indexOf('/api/') !== -1) {
    headers['Ocp-Apim-Subscription-Key'] = kept;
    request.headers = headers;
    // tellDeadKey reads its answer.
    page.ratesKeptKeyUrl = url;
  }
  return request;
}

/**
 * When "Try it out" sent the kept key (useKeptKey noted the call), its answer tells whether the key
 * works: any answer but a 401 takes the notice away; a 401 asks the key check (checkKeptKey), as a live
 * key kept out of the operation's group gets the 401 of a dead one. As useKeptKey: browser globals
 * only, no inner function.
 */
function tellDeadKey(response: Record<string, unknown>) {
  const page = window as unknown as {
    ratesKeptKeyUrl?: string;
    ratesMarkKeptKey?: (stopped: boolean) => void;
    ratesCheckKeptKey?: () => void;
  };
  if (page.ratesKeptKeyUrl === undefined || String(response.url) !== page.ratesKeptKeyUrl) return response;
  page.ratesKeptKeyUrl = undefined;
  if (response.status !== 401) {
    if (page.ratesMarkKeptKey) page.ratesMarkKeptKey(false);
  } else if (page.ratesCheckKeptKey) page.ratesCheckKeptKey();
  return response;
}

/**
 * Shows above the reference that the key kept in this browser stopped working, with a link to the
 * portal (`stopped`), or takes that notice away. The words are `ratesKeptKeyTexts`, in the explorer's
 * language. Its source text is the page's `ratesMarkKeptKey` (kept-key.js): browser globals only, no
 * inner function.
 */
function markKeptKey(stopped: boolean) {
  const page = window as unknown as {
    ratesKeptKeyTexts?: Record<string, { stopped: string; portal: string }>;
  };
  const shown = document.getElementById('kept-key-notice');
  if (!stopped) {
    if (shown) shown.remove();
    return;
  }
  if (shown || !page.ratesKeptKeyTexts) return;
  let lang = 'en';
  try {
    if (window.localStorage.getItem('rates-explorer.lang') === 'th') lang = 'th';
  } catch {
    lang = 'en'; // storage refused: English, as the reference is
  }
  const texts = page.ratesKeptKeyTexts[lang]!;
  const [before, after] = texts.stopped.split('{portal}');
  const link = document.createElement('a');
  link.href = '/portal#profile';
  link.textContent = texts.portal;
  const notice = document.createElement('p');
  notice.id = 'kept-key-notice';
  notice.lang = lang;
  notice.setAttribute('role', 'alert');
  notice.append(before ?? '', link, after ?? '');
  document.body.insertBefore(notice, document.body.firstChild);
}

/**
 * As the page loads, before any "Try it out" (the explorer, too, tells it on its first view), and when
 * "Try it out" got a 401 with the kept key (tellDeadKey): asks the portal's key check (POST
 * /portal/api/key-check) whether the kept key still works, and a dead one shows the notice. Not an operation's call: that answers a live key kept out of the operation's group with the
 * 401 of a dead key, and counts against the key. Not when a key given under Authorize (kept by Swagger UI
 * as `authorized`) is what "Try it out" sends. What the check found is noted on the page
 * (data-kept-key: working or stopped). Run from kept-key.js: browser globals only, no inner function.
 */
function checkKeptKey() {
  let kept: string | null = null;
  let given = false;
  try {
    kept = window.localStorage.getItem('rates-explorer.key');
    given = Object.keys(JSON.parse(window.localStorage.getItem('authorized') ?? '{}') as object).length > 0;
  } catch {
    return; // storage refused (a private window's policy): no key kept to check
  }
  if (!kept || given) return;
  const page = window as unknown as { ratesMarkKeptKey?: (stopped: boolean) => void };
  const asked = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: kept }),
  };
  fetch('/portal/api/key-check', asked)
    .then((answer) => (answer.ok ? (answer.json() as Promise<{ alive?: unknown }>) : undefined))
    .then(
      (found) => {
        // No answer (a 429 for guessing, the service away): nothing learnt of the key.
        if (typeof found?.alive !== 'boolean') return;
        document.documentElement.dataset.keptKey = found.alive ? 'working' : 'stopped';
        if (!found.alive && page.ratesMarkKeptKey) page.ratesMarkKeptKey(true);
      },
      () => undefined,
    );
}

/** The page's kept-key.js: the notice's words and how it is shown, and the check, run at load. */
const KEPT_KEY_JS = [
  `window.ratesKeptKeyTexts = ${JSON.stringify(KEPT_KEY_TEXTS)};`,
  `window.ratesMarkKeptKey = ${markKeptKey.toString()};`,
  `window.ratesCheckKeptKey = ${checkKeptKey.toString()};`,
  'window.ratesCheckKeptKey();',
].join('\n');

/**
 * Swagger UI's page has no viewport setting (the plugin writes its head, with no way to add to it): a
 * phone laid it out 980 px wide and showed it shrunk to unreadable type. Set as the page loads.
 */
const VIEWPORT_JS = `(function(){var m=document.createElement('meta');m.name='viewport';
m.content='width=device-width, initial-scale=1';document.head.appendChild(m);})();`;

// On a phone an answer's table (code, details, links) was 8 px wider than the screen, and the whole page
// with it: it scrolls within its part instead.
const PHONE_CSS = `@media (max-width:640px){.swagger-ui .responses-inner{overflow-x:auto}}`;

// The notice stays in sight above the reference as the reader scrolls to the operation tried.
const KEPT_KEY_CSS = `#kept-key-notice{position:sticky;top:0;z-index:100;margin:0;padding:12px 20px;
background:#fef2f2;color:#7f1d1d;border-bottom:1px solid #fecaca;font:14px/1.5 sans-serif}
#kept-key-notice a{color:#1d4ed8;text-decoration:underline}`;

/** The OpenAPI document at /openapi.json and the interactive reference at /docs; no key needed. */
export async function docsRoutes(app: FastifyInstance, { store }: { store: Store }): Promise<void> {
  // Read once per request of the document (Swagger UI's transform is synchronous).
  const credits = new WeakMap<FastifyRequest, Credit[]>();
  // Swagger UI is 1.7 MB as it ships; compressed for browsers that accept it (this plugin's routes only:
  // the API's answers are compressed by the answer cache, once per body).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  app.get('/openapi.json', { schema: { hide: true } }, async () =>
    credited(app.swagger(), await readCredits(store)),
  );
  // The explorer credits the sources of what it shows from here (no key: it is public knowledge).
  app.get('/sources.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return readCredits(store);
  });

  // Swagger UI's files ship in the package and are served from here: no CDN.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: DOCS_CSP,
    uiConfig: {
      // "Try it out" sends the key entered under Authorize; keep it across reloads in this browser.
      persistAuthorization: true,
      tryItOutEnabled: true,
      displayOperationId: true,
      defaultModelsExpandDepth: 0,
      requestInterceptor: useKeptKey,
      responseInterceptor: tellDeadKey,
    },
    theme: {
      title: 'Rates data service: API reference',
      js: [
        { filename: 'kept-key.js', content: KEPT_KEY_JS },
        { filename: 'viewport.js', content: VIEWPORT_JS },
      ],
      css: [
        { filename: 'kept-key.css', content: KEPT_KEY_CSS },
        { filename: 'phone.css', content: PHONE_CSS },
      ],
    },
    uiHooks: {
      preHandler: async (request) => void credits.set(request, await readCredits(store)),
    },
    transformSpecification: (document, request) => credited(document, credits.get(request) ?? []),
  });
}
