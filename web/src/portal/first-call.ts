import { h } from '../dom.js';
import type { KeySlot } from './api.js';
import type { PortalContext } from './context.js';
import { keep } from './kept-key.js';

// A first call with a key just shown (issue 54, item 15): the same call (the latest day of fund
// prices, which needs no parameter) as curl, JavaScript with the typed client, Python and C#, with the
// key and this service's address filled in, and a link that opens /docs with the key kept.

const PATH = '/api/FundPriceService/LatestDate';

/** The call in each language; `base` is the service's address as this page reached it. */
export function firstCalls(base: string, key: string): { id: string; label: string; code: string }[] {
  const url = `${base}${PATH}`;
  const quoted = JSON.stringify(key);
  return [
    { id: 'curl', label: 'curl', code: `curl -H 'Ocp-Apim-Subscription-Key: ${key}' ${url}` },
    {
      id: 'js',
      label: 'JavaScript (rates-data-service/client)',
      code: [
        "import { RatesClient } from 'rates-data-service/client';",
        '',
        `const rates = new RatesClient({ baseUrl: ${JSON.stringify(base)}, key: ${quoted} });`,
        'console.log(await rates.latestDate());',
      ].join('\n'),
    },
    {
      id: 'python',
      label: 'Python',
      code: [
        'import json, urllib.request',
        '',
        `request = urllib.request.Request(${JSON.stringify(url)}, headers={"Ocp-Apim-Subscription-Key": ${quoted}})`,
        'with urllib.request.urlopen(request) as answer:',
        '    print(json.load(answer))',
      ].join('\n'),
    },
    {
      id: 'csharp',
      label: 'C#',
      code: [
        'using var http = new HttpClient();',
        `http.DefaultRequestHeaders.Add("Ocp-Apim-Subscription-Key", ${quoted});`,
        `Console.WriteLine(await http.GetStringAsync(${JSON.stringify(url)}));`,
      ].join('\n'),
    },
  ];
}

/** The first call with `key` (of `slot` of subscription `id`), folded under the key. */
export function firstCallPart(ctx: PortalContext, id: number, slot: KeySlot, key: string): HTMLElement {
  return h(
    'details',
    { class: 'first-call', id: `first-call-${slot}` },
    h('summary', {}, ctx.t('firstCallTitle')),
    h('p', { class: 'meta' }, ctx.t('firstCallIntro')),
    ...firstCalls(location.origin, key).flatMap((call) => [
      h('h4', {}, call.label),
      // A box that scrolls sideways: reachable by Tab, so a keyboard can scroll it.
      h(
        'pre',
        { class: 'code', tabindex: 0, 'aria-label': call.label },
        h('code', { id: `call-${slot}-${call.id}` }, call.code),
      ),
    ]),
    h(
      'p',
      {},
      h(
        'a',
        {
          href: '/docs',
          id: `open-docs-${slot}`,
          // /docs "Try it out" sends the key kept in this browser: keeping it is what sets it there.
          onclick: () => keep(key, id, slot),
        },
        ctx.t('openDocs'),
      ),
    ),
  );
}
