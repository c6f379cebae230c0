import { h } from '../dom.js';
import { bangkokDayOf } from '../dates.js';
import { formatDay } from '../i18n.js';
import { GRACES, type Grace, type KeySlot, type Subscription, type SubscriptionState } from './api.js';
import type { PortalContext } from './context.js';
import { confirmStep, field, form, title, valueOf } from './forms.js';
import { keysPanel } from './keys.js';
import { dropKept, keep, keptIs, keptStopped } from './kept-key.js';
import { count, facts, quotaText, rateLimitText } from './limits.js';
import type { PortalKey } from './texts.js';
import { bangkokTime } from './times.js';
import { endField } from './end-field.js';

const STATES: Record<SubscriptionState, PortalKey> = {
  submitted: 'stateSubmitted',
  active: 'stateActive',
  suspended: 'stateSuspended',
  cancelled: 'stateCancelled',
  rejected: 'stateRejected',
  expired: 'stateExpired',
};
/** Whose keys can still be used or replaced. */
const LIVE: SubscriptionState[] = ['submitted', 'active', 'suspended'];

/** An instant's day in Bangkok, as usage days are counted: a subscription made at 00:30 there is on that day. */
const day = (ctx: PortalContext, iso: string | null) => (iso ? formatDay(bangkokDayOf(iso), ctx.lang) : '–');

function card(ctx: PortalContext, s: Subscription): HTMLElement {
  const slot = (which: KeySlot) => ctx.t(which);
  const headingId = `subscription-${s.id}-name`;
  const actions = h('div', { class: 'actions' });
  const panel = h('div', { class: 'panel' });
  /** Shows one action's form or question in the card's panel. */
  const show = (content: HTMLElement) => panel.replaceChildren(content);

  const rename = () => {
    const f = form(
      ctx,
      `rename-${s.id}`,
      [
        field({
          id: `rename-${s.id}-name`,
          label: ctx.t('renameTo', { name: s.name }),
          value: s.name,
          maxlength: 100,
        }),
      ],
      ctx.t('save'),
      async (el) => {
        await ctx.api.rename(s.id, valueOf(el, `rename-${s.id}-name`));
        await ctx.refresh(undefined, ctx.t('renamed'));
      },
    );
    show(f);
    f.querySelector<HTMLInputElement>('input')!.focus();
  };
  const regenerate = (which: KeySlot) => {
    const id = `regenerate-${s.id}-${which}`;
    // The old key's grace period, and the new key's own end (none unless chosen).
    const options = h(
      'div',
      { class: 'regenerate-options' },
      h(
        'div',
        { class: 'field' },
        h('label', { for: `${id}-grace` }, ctx.t('grace')),
        h(
          'select',
          { id: `${id}-grace` },
          ...GRACES.map((g) => h('option', { value: String(g) }, ctx.t(`grace${g}`))),
        ),
      ),
    );
    const ends = endField(ctx, `${id}-expires`, ctx.t('newKeyEnds'), null);
    options.append(ends.element);
    show(
      confirmStep(
        ctx.t('regenerateConfirm', { slot: slot(which), name: s.name }),
        ctx.t('regenerateYes'),
        ctx.t('keep'),
        () => {
          const grace = Number(options.querySelector<HTMLSelectElement>(`#${id}-grace`)!.value) as Grace;
          const expires = ends.value();
          if (expires === undefined) return Promise.resolve(invalidEnd());
          return ctx.api
            .regenerate(s.id, which, grace, expires)
            .then(async ({ key, oldKeyUntil }) => {
              // The explorer and /docs would go on with the old key: the new one takes its place.
              const renewed = keptIs(s, which);
              if (renewed) keep(key, s.id, which);
              const notes = [
                oldKeyUntil
                  ? ctx.t('oldKeyKept', { slot: slot(which), time: bangkokTime(oldKeyUntil, ctx.lang) })
                  : '',
                renewed ? ctx.t('keptKeyRenewed', { slot: slot(which) }) : '',
              ].filter(Boolean);
              ctx.reveal({
                id: s.id,
                name: s.name,
                keys: [{ slot: which, key }],
                submitted: s.state === 'submitted',
                note: notes.length ? notes.join(' ') : undefined,
              });
              await ctx.refresh();
            })
            .catch((error: unknown) => ctx.fail(error));
        },
        options,
        id,
      ),
    );
  };
  const invalidEnd = () =>
    ctx.notify(ctx.t('endInvalid', { example: formatDay('2026-01-31', ctx.lang) }), 'error');
  const expiry = () => {
    const id = `expiry-${s.id}`;
    const ends: Record<KeySlot, string | null> = {
      primary: s.primaryExpiresAt,
      secondary: s.secondaryExpiresAt,
    };
    const picker = h(
      'select',
      { id: `${id}-slot` },
      ...(['primary', 'secondary'] as const).map((k) => h('option', { value: k }, ctx.t(`${k}Key`))),
    );
    const at = h('div', {});
    let field = endField(ctx, `${id}-at`, ctx.t('expiryAt'), ends.primary);
    at.append(field.element);
    picker.addEventListener('change', () => {
      field = endField(ctx, `${id}-at`, ctx.t('expiryAt'), ends[picker.value as KeySlot]);
      at.replaceChildren(field.element);
    });
    const f = form(
      ctx,
      id,
      [
        h('p', { class: 'question' }, ctx.t('keyExpiryTitle')),
        h('div', { class: 'field' }, h('label', { for: `${id}-slot` }, ctx.t('whichKey')), picker),
        at,
      ],
      ctx.t('saveExpiry'),
      async () => {
        const which = picker.value as KeySlot;
        const end = field.value();
        if (end === undefined) return invalidEnd();
        const changed = await ctx.api.setKeyExpiry(s.id, which, end);
        const kept = which === 'primary' ? changed.primaryExpiresAt : changed.secondaryExpiresAt;
        await ctx.refresh(
          undefined,
          ctx.t('expirySaved', {
            slot: slot(which),
            name: s.name,
            end: kept ? ctx.t('keyEndsAt', { time: bangkokTime(kept, ctx.lang) }) : ctx.t('keyNoEnd'),
          }),
        );
      },
    );
    show(f);
    picker.focus();
  };
  const cancel = () =>
    show(
      confirmStep(
        ctx.t('cancelConfirm', { name: s.name }),
        ctx.t('cancelYes'),
        ctx.t('keep'),
        () =>
          ctx.api
            .cancel(s.id)
            .then(async () => {
              const dropped = keptIs(s, 'primary') || keptIs(s, 'secondary');
              if (dropped) dropKept();
              const said = ctx.t('cancelled', { name: s.name });
              await ctx.refresh(undefined, dropped ? `${said} ${ctx.t('keptKeyDropped')}` : said);
            })
            .catch((error: unknown) => ctx.fail(error)),
        null,
        `cancel-${s.id}`,
      ),
    );

  const button = (id: string, text: string, onclick: () => void, className = '') =>
    h('button', { type: 'button', id, class: className, onclick }, text);
  actions.append(
    h(
      'a',
      { class: 'button', href: `#usage/${encodeURIComponent(s.id)}`, id: `usage-${s.id}` },
      ctx.t('usage'),
    ),
    h(
      'a',
      { class: 'button', href: `#requests/${encodeURIComponent(s.id)}`, id: `requests-${s.id}` },
      ctx.t('requestLog'),
    ),
    button(`rename-${s.id}-open`, ctx.t('rename'), rename),
  );
  if (LIVE.includes(s.state)) {
    actions.append(
      button(`regenerate-${s.id}-primary-open`, ctx.t('regenerate', { slot: slot('primary') }), () =>
        regenerate('primary'),
      ),
      button(`regenerate-${s.id}-secondary-open`, ctx.t('regenerate', { slot: slot('secondary') }), () =>
        regenerate('secondary'),
      ),
      button(`expiry-${s.id}-open`, ctx.t('keyExpiry'), expiry),
      button(`cancel-${s.id}-open`, ctx.t('cancelSubscription'), cancel, 'danger'),
    );
  }
  /** A key's last four, its end if it has one, and the key it replaced while that still works. */
  const keyLine = (which: KeySlot) => {
    const last4 = which === 'primary' ? s.primaryLast4 : s.secondaryLast4;
    const end = which === 'primary' ? s.primaryExpiresAt : s.secondaryExpiresAt;
    const old = which === 'primary' ? s.previousPrimary : s.previousSecondary;
    const label = ctx.t(which === 'primary' ? 'primaryKey' : 'secondaryKey');
    return h(
      'span',
      { class: 'key-line-text', id: `key-${s.id}-${which}` },
      `${label}: ${ctx.t('endsWith', { last4 })}`,
      end
        ? `, ${ctx.t(Date.parse(end) <= Date.now() ? 'keyEndedAt' : 'keyEndsAt', { time: bangkokTime(end, ctx.lang) })}`
        : '',
      old
        ? h(
            'span',
            { class: 'meta old-key', id: `old-key-${s.id}-${which}` },
            ctx.t('oldKeyUntil', {
              slot: slot(which),
              last4: old.last4,
              time: bangkokTime(old.endsAt, ctx.lang),
            }),
          )
        : '',
    );
  };
  const keys = h('span', { class: 'last4' }, keyLine('primary'), h('br'), keyLine('secondary'));
  // Quota warnings by email, per subscription; only a subscription with a daily quota has any.
  const warnings =
    s.quota?.period === 'day' && LIVE.includes(s.state)
      ? h(
          'label',
          { class: 'check', for: `warnings-${s.id}` },
          h('input', {
            type: 'checkbox',
            id: `warnings-${s.id}`,
            checked: s.quotaWarnings,
            onchange: (event: Event) => {
              const box = event.target as HTMLInputElement;
              box.disabled = true;
              ctx.api
                .setQuotaWarnings(s.id, box.checked)
                .then((changed) =>
                  ctx.notify(
                    ctx.t(changed.quotaWarnings ? 'quotaWarningsOn' : 'quotaWarningsOff', { name: s.name }),
                  ),
                )
                .catch((error: unknown) => {
                  box.checked = !box.checked;
                  ctx.fail(error);
                })
                .finally(() => (box.disabled = false));
            },
          }),
          ` ${ctx.t('quotaWarnings')}`,
        )
      : null;
  return h(
    'article',
    {
      class: `card subscription state-${s.state}`,
      'aria-labelledby': headingId,
      'data-subscription': String(s.id),
    },
    h('h3', { id: headingId }, s.name),
    facts([
      [ctx.t('product'), s.product?.name ?? '–'],
      [ctx.t('state'), STATES[s.state] ? ctx.t(STATES[s.state]) : s.state],
      ...(s.rejectionReason
        ? ([[ctx.t('stateRejected'), ctx.t('rejectedBecause', { reason: s.rejectionReason })]] as [
            string,
            string,
          ][])
        : []),
      [ctx.t('created'), day(ctx, s.createdAt)],
      [ctx.t('starts'), day(ctx, s.startsAt)],
      [ctx.t('ends'), day(ctx, s.endsAt)],
      [ctx.t('rateLimit'), rateLimitText(ctx, s.rateLimit)],
      [ctx.t('quota'), quotaText(ctx, s.quota)],
      [ctx.t('quotaLeft'), s.quotaLeft === null ? ctx.t('unlimited') : count(s.quotaLeft)],
      [ctx.t('keys'), keys],
    ]),
    warnings,
    actions,
    panel,
  );
}

/** #profile: every subscription of the developer, with the keys just made (shown this once) on top. */
/** Which kept key stopped working (changed elsewhere: another device, its end, the operator), and a way to let it go. */
function stoppedNotice(ctx: PortalContext, subscriptions: Subscription[]): HTMLElement | '' {
  const stopped = keptStopped(subscriptions);
  if (!stopped) return '';
  const { s, slot, last4 } = stopped;
  return h(
    'div',
    { id: 'kept-key-stopped', class: 'message error', role: 'status' },
    h('span', {}, ctx.t('keptKeyStopped', { slot: ctx.t(slot), last4, name: s.name })),
    ' ',
    h(
      'button',
      {
        type: 'button',
        id: 'kept-key-forget',
        onclick: () => {
          dropKept();
          void ctx.refresh(undefined, ctx.t('keptKeyDropped'));
        },
      },
      ctx.t('keptKeyForget'),
    ),
  );
}

export async function profileView(ctx: PortalContext): Promise<void> {
  const revealed = ctx.takeRevealed();
  const subscriptions = await ctx.api.subscriptions();
  if (!ctx.current()) return;
  ctx.el.replaceChildren(
    revealed ? keysPanel(ctx, revealed) : '',
    title(ctx.t('profileTitle')),
    revealed ? '' : stoppedNotice(ctx, subscriptions),
    subscriptions.length === 0
      ? h('p', { class: 'message empty' }, h('a', { href: '#products' }, ctx.t('noSubscriptions')))
      : h('div', { class: 'cards' }, ...subscriptions.map((s) => card(ctx, s))),
  );
}
