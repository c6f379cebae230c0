import { h } from '../dom.js';
import type { KeySlot } from './api.js';
import type { PortalContext, Revealed } from './context.js';
import { firstCallPart } from './first-call.js';
import { keep } from './kept-key.js';

/** Copies `text`: the clipboard API where the page may use it, else the selected input's text. */
async function copy(input: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(input.value);
    return true;
  } catch {
    input.select();
    return document.execCommand('copy');
  }
}

/**
 * New keys, shown this once: each with a copy button and an opt-in to keep it in this browser. The
 * page puts the focus on the panel's heading, so a screen reader starts with the warning.
 */
export function keysPanel(ctx: PortalContext, revealed: Revealed): HTMLElement {
  const slotName = (slot: KeySlot) => ctx.t(slot);
  const status = h(
    'p',
    { id: 'key-status', class: 'key-status', role: 'status', 'aria-live': 'polite' },
    revealed.note,
  );
  const heading =
    revealed.keys.length === 1
      ? ctx.t('keyTitle', { slot: slotName(revealed.keys[0]!.slot) })
      : ctx.t('keysTitle');
  const panel = h(
    'section',
    { class: 'keys', id: 'new-keys', 'aria-labelledby': 'keys-title' },
    h('h2', { id: 'keys-title', tabindex: -1 }, heading),
    h('p', { class: 'subscription-name' }, revealed.name),
    h('p', { class: 'warning', id: 'keys-once' }, ctx.t('keyOnce')),
    revealed.submitted ? h('p', { class: 'meta' }, ctx.t('keySubmitted')) : null,
    ...revealed.keys.map(({ slot, key }) => {
      const id = `key-${slot}`;
      const input = h('input', {
        id,
        type: 'text',
        readonly: true,
        value: key,
        class: 'key-value',
        spellcheck: 'false',
        autocomplete: 'off',
        'aria-describedby': 'keys-once',
      });
      return h(
        'div',
        { class: 'key-row' },
        h('label', { for: id }, ctx.t(slot === 'primary' ? 'primaryKey' : 'secondaryKey')),
        h(
          'div',
          { class: 'key-line' },
          input,
          h(
            'button',
            {
              type: 'button',
              id: `copy-${slot}`,
              onclick: () =>
                void copy(input).then((ok) => {
                  status.textContent = ok ? ctx.t('copied') : ctx.t('copyFailed');
                }),
            },
            ctx.t('copy'),
            // Which key, for a screen reader; the label still starts with what is shown.
            h(
              'span',
              { class: 'visually-hidden' },
              ` ${ctx.t(slot === 'primary' ? 'primaryKey' : 'secondaryKey')}`,
            ),
          ),
          h(
            'button',
            {
              type: 'button',
              id: `use-${slot}`,
              onclick: () => {
                keep(key, revealed.id, slot);
                status.textContent = ctx.t('usedInBrowser', { slot: slotName(slot) });
              },
            },
            ctx.t('useInBrowser'),
          ),
        ),
        firstCallPart(ctx, revealed.id, slot, key),
      );
    }),
    h('p', { class: 'hint' }, ctx.t('useInBrowserHint')),
    status,
    h(
      'button',
      {
        type: 'button',
        id: 'keys-done',
        class: 'primary',
        onclick: () => {
          panel.remove();
          document.querySelector<HTMLElement>('#view-title')?.focus();
        },
      },
      ctx.t('done'),
    ),
  );
  return panel;
}
