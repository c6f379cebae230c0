import { h } from '../dom.js';
import type { PortalContext } from './context.js';
import { field, form, title, valueOf } from './forms.js';
import { signupClosedView } from './signup-closed.js';

const passwordField = (ctx: PortalContext, id: string, label: string, autocomplete: string) =>
  field({
    id,
    label,
    type: 'password',
    autocomplete,
    hint: autocomplete === 'new-password' ? ctx.t('passwordHint') : undefined,
    minlength: autocomplete === 'new-password' ? 10 : undefined,
    maxlength: 1000,
  });

/** #signup and #signup/INVITATION: name, email, password; the same answer for any address. */
export function signupView(ctx: PortalContext): void {
  const invitation = ctx.route[0];
  if (ctx.session.portal === 'off' || (ctx.session.portal === 'invite' && !invitation))
    return signupClosedView(ctx);
  const sent = h('div', { id: 'signup-sent' });
  const signup = form(
    ctx,
    'signup-form',
    [
      field({ id: 'signup-name', label: ctx.t('name'), autocomplete: 'name', maxlength: 100 }),
      field({ id: 'signup-email', label: ctx.t('email'), type: 'email', autocomplete: 'email' }),
      passwordField(ctx, 'signup-password', ctx.t('password'), 'new-password'),
    ],
    ctx.t('signUp'),
    async (f) => {
      const email = valueOf(f, 'signup-email');
      await ctx.api.signup({
        name: valueOf(f, 'signup-name'),
        email,
        password: f.querySelector<HTMLInputElement>('#signup-password')!.value,
        lang: ctx.lang,
        ...(invitation ? { invitation } : {}),
      });
      f.hidden = true;
      sent.replaceChildren(
        h('p', { class: 'done', tabindex: -1, id: 'signup-done' }, ctx.t('signUpSent', { email })),
      );
      sent.querySelector<HTMLElement>('#signup-done')!.focus();
      ctx.notify(ctx.t('signUpSent', { email }));
    },
  );
  ctx.el.replaceChildren(
    title(ctx.t('signUpTitle')),
    h('p', { class: 'meta' }, ctx.t('signUpIntro')),
    invitation ? h('p', { class: 'meta' }, ctx.t('invitationNote')) : '',
    signup,
    sent,
    h('p', {}, h('a', { href: '#signin' }, ctx.t('navSignIn'))),
  );
}

/** #signin: a new session; then the page the reader came for, else their subscriptions. */
export function signinView(ctx: PortalContext): void {
  const next = ctx.route[0] ? decodeURIComponent(ctx.route[0]) : 'profile';
  ctx.el.replaceChildren(
    title(ctx.t('signInTitle')),
    form(
      ctx,
      'signin-form',
      [
        field({ id: 'signin-email', label: ctx.t('email'), type: 'email', autocomplete: 'username' }),
        passwordField(ctx, 'signin-password', ctx.t('password'), 'current-password'),
      ],
      ctx.t('signIn'),
      async (f) => {
        const answer = await ctx.api.signin(
          valueOf(f, 'signin-email'),
          f.querySelector<HTMLInputElement>('#signin-password')!.value,
        );
        if ('twoStep' in answer) return codeStep(ctx, answer.challenge, next);
        await ctx.refresh(next, ctx.t('signedIn'));
      },
    ),
    h(
      'p',
      { class: 'links' },
      h('a', { href: '#forgot' }, ctx.t('forgotLink')),
      h('a', { href: '#signup' }, ctx.t('noAccount')),
    ),
  );
}

/** Two-step sign-in's second step: the app's code (or a recovery code) for the password's challenge. */
function codeStep(ctx: PortalContext, challenge: string, next: string): void {
  ctx.el.replaceChildren(
    title(ctx.t('signInCodeTitle')),
    h('p', { class: 'meta' }, ctx.t('signInCodeIntro')),
    form(
      ctx,
      'signin-code-form',
      [
        field({
          id: 'signin-code',
          label: ctx.t('code'),
          hint: ctx.t('codeHint'),
          autocomplete: 'one-time-code',
          maxlength: 20,
        }),
      ],
      ctx.t('signIn'),
      async (f) => {
        await ctx.api.signinCode(challenge, valueOf(f, 'signin-code'));
        await ctx.refresh(next, ctx.t('signedIn'));
      },
    ),
  );
  ctx.el.querySelector<HTMLInputElement>('#signin-code')!.focus();
}

/** #forgot: a reset link by email; the same answer whether the address has an account or not. */
export function forgotView(ctx: PortalContext): void {
  ctx.el.replaceChildren(
    title(ctx.t('forgotTitle')),
    h('p', { class: 'meta' }, ctx.t('forgotIntro')),
    form(
      ctx,
      'forgot-form',
      [field({ id: 'forgot-email', label: ctx.t('email'), type: 'email', autocomplete: 'email' })],
      ctx.t('sendLink'),
      async (f) => {
        const email = valueOf(f, 'forgot-email');
        await ctx.api.forgot(email);
        ctx.notify(ctx.t('forgotSent', { email }));
      },
    ),
  );
}

/** #reset/TOKEN: a new password; every session of the account ends. */
export function resetView(ctx: PortalContext): void {
  const token = ctx.route[0] ?? '';
  ctx.el.replaceChildren(
    title(ctx.t('resetTitle')),
    form(
      ctx,
      'reset-form',
      [passwordField(ctx, 'reset-password', ctx.t('newPassword'), 'new-password')],
      ctx.t('savePassword'),
      async (f) => {
        await ctx.api.reset(token, f.querySelector<HTMLInputElement>('#reset-password')!.value);
        await ctx.refresh('signin', ctx.t('resetDone'));
      },
    ),
  );
}

/** #confirm/TOKEN (a new account) and #email/TOKEN (a changed address): confirmed as the page opens. */
export async function confirmView(ctx: PortalContext, kind: 'confirm' | 'email'): Promise<void> {
  const status = h('p', { id: 'confirm-status', role: 'status' }, ctx.t('confirming'));
  ctx.el.replaceChildren(title(ctx.t('confirmTitle')), status);
  try {
    await ctx.api.confirm(ctx.route[0] ?? '');
  } catch (error) {
    status.textContent = '';
    ctx.fail(error);
    return;
  }
  const done = ctx.t(kind === 'confirm' ? 'confirmed' : 'emailConfirmed');
  // The link's token leaves the address bar (and the history) once used.
  const next = ctx.session.developer ? (kind === 'confirm' ? 'products' : 'account') : 'signin';
  await ctx.refresh(next, done);
}
