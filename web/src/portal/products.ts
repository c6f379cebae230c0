import { h } from '../dom.js';
import type { Product } from './api.js';
import type { PortalContext } from './context.js';
import { field, form, title, valueOf } from './forms.js';
import { facts, quotaText, rateLimitText } from './limits.js';

/** The subscribe form of one product: a name for the subscription and the terms accepted. */
function subscribeForm(ctx: PortalContext, product: Product): HTMLElement {
  const id = `subscribe-${product.id}`;
  const accept = h('input', { type: 'checkbox', id: `${id}-terms`, required: true });
  return form(
    ctx,
    id,
    [
      field({
        id: `${id}-name`,
        label: ctx.t('subscriptionName'),
        hint: ctx.t('subscriptionNameHint'),
        maxlength: 100,
      }),
      h(
        'div',
        { class: 'check' },
        accept,
        h('label', { for: `${id}-terms` }, ctx.t('acceptTerms', { product: product.name })),
      ),
    ],
    ctx.t('subscribe'),
    async (f) => {
      const answer = await ctx.api.subscribe(product.id, valueOf(f, `${id}-name`));
      const submitted = answer.subscription.state === 'submitted';
      ctx.reveal({
        id: answer.subscription.id,
        name: answer.subscription.name,
        keys: [
          { slot: 'primary', key: answer.primaryKey },
          { slot: 'secondary', key: answer.secondaryKey },
        ],
        submitted,
      });
      await ctx.navigate('profile', ctx.t(submitted ? 'submitted' : 'subscribed'));
    },
  );
}

function productCard(ctx: PortalContext, product: Product): HTMLElement {
  const developer = ctx.session.developer;
  const headingId = `product-${product.id}-name`;
  let action: HTMLElement;
  if (!developer) {
    action = h('a', { class: 'button', href: '#signin/products' }, ctx.t('signInToSubscribe'));
  } else if (!developer.confirmed) {
    action = h('p', { class: 'meta' }, ctx.t('confirmToSubscribe'));
  } else {
    const open = h(
      'button',
      { type: 'button', class: 'primary', 'aria-expanded': 'false', id: `open-subscribe-${product.id}` },
      ctx.t('subscribeTo', { product: product.name }),
    );
    const slot = h('div', {});
    open.addEventListener('click', () => {
      const opened = open.getAttribute('aria-expanded') === 'true';
      open.setAttribute('aria-expanded', String(!opened));
      slot.replaceChildren(opened ? '' : subscribeForm(ctx, product));
      if (!opened) slot.querySelector<HTMLInputElement>('input')?.focus();
    });
    action = h('div', {}, open, slot);
  }
  return h(
    'article',
    { class: 'card product', 'aria-labelledby': headingId, 'data-product': product.name },
    h('h3', { id: headingId }, product.name),
    h('p', {}, product.description[ctx.lang] || product.description.en),
    facts([
      [ctx.t('groups'), product.groups.join(', ')],
      [ctx.t('rateLimit'), rateLimitText(ctx, product.rateLimit)],
      [ctx.t('quota'), quotaText(ctx, product.quota)],
      [ctx.t('approval'), ctx.t(product.approval ? 'approvalNeeded' : 'approvalNone')],
      [ctx.t('perDeveloper'), String(product.perDeveloper)],
    ]),
    h(
      'details',
      { class: 'terms' },
      h('summary', {}, ctx.t('terms')),
      h('p', { class: 'terms-text' }, product.terms),
    ),
    action,
  );
}

/** #products: every published product, open to anyone; subscribing needs a confirmed account. */
export async function productsView(ctx: PortalContext): Promise<void> {
  const products = await ctx.api.products();
  if (!ctx.current()) return;
  const developer = ctx.session.developer;
  ctx.el.replaceChildren(
    title(ctx.t('productsTitle')),
    h('p', { class: 'meta' }, ctx.t('productsIntro')),
    developer && !developer.confirmed
      ? h(
          'p',
          { class: 'warning', id: 'not-confirmed' },
          ctx.t('notConfirmedNote', { email: developer.email }),
        )
      : '',
    products.length === 0
      ? h('p', { class: 'message empty' }, ctx.t('noProducts'))
      : h('div', { class: 'cards' }, ...products.map((p) => productCard(ctx, p))),
  );
}
