import { h } from '../dom.js';
import { bangkokDayOf } from '../dates.js';
import { formatDay } from '../i18n.js';
import type { KeySlot, Subscription, SubscriptionState } from './api.js';
import type { PortalContext } from './context.js';
import { confirmStep, field, form, title, valueOf } from './forms.js';
import { keysPanel } from './keys.js';
import { dropKept, keep, keptIs } from './kept-key.js';
import { count, facts, quotaText, rateLimitText } from './limits.js';
import type { PortalKey } from './texts.js';

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
  const regenerate = (which: KeySlot) =>
    show(
      confirmStep(
        ctx.t('regenerateConfirm', { slot: slot(which), name: s.name }),
        ctx.t('regenerateYes'),
        ctx.t('keep'),
        () =>
          ctx.api
            .regenerate(s.id, which)
            .then(async ({ key }) => {
              // The explorer and /docs would go on with the dead key: the new one takes its place.
              const renewed = keptIs(s, which);
              if (renewed) keep(key, s.id, which);
              ctx.reveal({
                id: s.id,
                name: s.name,
                keys: [{ slot: which, key }],
                submitted: s.state === 'submitted',
                note: renewed ? ctx.t('keptKeyRenewed', { slot: slot(which) }) : undefined,
              });
              await ctx.refresh();
            })
            .catch((error: unknown) => ctx.fail(error)),
        null,
        `regenerate-${s.id}-${which}`,
      ),
    );
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
      button(`cancel-${s.id}-open`, ctx.t('cancelSubscription'), cancel, 'danger'),
    );
  }
  const keys = h(
    'span',
    { class: 'last4' },
    `${ctx.t('primaryKey')}: ${ctx.t('endsWith', { last4: s.primaryLast4 })}`,
    h('br'),
    `${ctx.t('secondaryKey')}: ${ctx.t('endsWith', { last4: s.secondaryLast4 })}`,
  );
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
    actions,
    panel,
  );
}

/** #profile: every subscription of the developer, with the keys just made (shown this once) on top. */
export async function profileView(ctx: PortalContext): Promise<void> {
  const revealed = ctx.takeRevealed();
  const subscriptions = await ctx.api.subscriptions();
  if (!ctx.current()) return;
  ctx.el.replaceChildren(
    revealed ? keysPanel(ctx, revealed) : '',
    title(ctx.t('profileTitle')),
    subscriptions.length === 0
      ? h('p', { class: 'message empty' }, h('a', { href: '#products' }, ctx.t('noSubscriptions')))
      : h('div', { class: 'cards' }, ...subscriptions.map((s) => card(ctx, s))),
  );
}
