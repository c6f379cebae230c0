import { h } from '../dom.js';
import type { PortalContext } from './context.js';
import { title } from './forms.js';

/**
 * #signup when sign-up is closed (PORTAL=off) or by invitation and the page came without one: what is
 * possible, and whom to ask (PORTAL_CONTACT, else the service's operator), instead of a form the
 * server would refuse only once it was filled in and sent.
 */
export function signupClosedView(ctx: PortalContext): void {
  const closed = ctx.session.portal === 'off';
  // The sentence with the contact put in as a link, not as markup in the text.
  const mark = '\u0001';
  const [before = '', after = ''] = ctx
    .t(closed ? 'signUpClosed' : 'signUpByInvitation', { contact: mark })
    .split(mark);
  ctx.el.replaceChildren(
    title(ctx.t(closed ? 'signUpClosedTitle' : 'signUpTitle')),
    h('p', { id: 'signup-closed' }, before, contactOf(ctx), after),
    h('p', {}, ctx.t('haveAccount'), ' ', h('a', { href: '#signin' }, ctx.t('navSignIn'))),
  );
}

/** The contact as a link: mailto: for an address, the page itself for an http(s) URL. */
function contactOf(ctx: PortalContext): Node | string {
  const contact = ctx.session.contact;
  if (!contact) return ctx.t('theOperator');
  if (/^https?:\/\//i.test(contact)) return h('a', { href: contact, rel: 'noopener' }, contact);
  if (/^[^@\s]+@[^@\s]+$/.test(contact)) return h('a', { href: `mailto:${contact}` }, contact);
  return contact;
}
