import { h } from '../dom.js';
import type { Lang } from '../i18n.js';
import type { PortalContext } from './context.js';
import { confirmStep, field, form, title, valueOf } from './forms.js';

const LANGUAGES: Record<Lang, string> = { en: 'English', th: 'ภาษาไทย' };

/** #account: name, language of emails, email address, password, closing the account. */
export function accountView(ctx: PortalContext): void {
  const me = ctx.session.developer!;
  const password = (f: HTMLElement, id: string) => f.querySelector<HTMLInputElement>(`#${id}`)!.value;
  const language = h(
    'div',
    { class: 'field' },
    h('label', { for: 'account-lang' }, ctx.t('languageTitle')),
    h(
      'select',
      { id: 'account-lang' },
      ...(Object.keys(LANGUAGES) as Lang[]).map((lang) =>
        h('option', { value: lang, selected: lang === me.lang, lang }, LANGUAGES[lang]),
      ),
    ),
  );
  const closeButton = h(
    'button',
    { type: 'button', class: 'danger', id: 'close-account' },
    ctx.t('closeAccount'),
  );
  const closeSection = h(
    'section',
    { 'aria-labelledby': 'close-title' },
    h('h3', { id: 'close-title' }, ctx.t('closeTitle')),
    h('p', { class: 'meta' }, ctx.t('closeIntro')),
    closeButton,
  );
  closeButton.addEventListener('click', () => {
    closeSection.querySelector('#close')?.remove();
    closeSection.append(
      confirmStep(
        ctx.t('closeConfirm'),
        ctx.t('closeYes'),
        ctx.t('cancel'),
        () =>
          ctx.api
            .close(password(closeSection, 'close-password'))
            .then(async () => {
              await ctx.refresh('signin', ctx.t('closed'));
            })
            .catch((error: unknown) => ctx.fail(error)),
        field({
          id: 'close-password',
          label: ctx.t('password'),
          type: 'password',
          autocomplete: 'current-password',
        }),
        'close',
      ),
    );
  });

  ctx.el.replaceChildren(
    title(ctx.t('accountTitle')),
    h(
      'section',
      { 'aria-labelledby': 'name-title' },
      h('h3', { id: 'name-title' }, ctx.t('nameTitle')),
      form(
        ctx,
        'name-form',
        [
          field({
            id: 'account-name',
            label: ctx.t('name'),
            value: me.name,
            autocomplete: 'name',
            maxlength: 100,
          }),
        ],
        ctx.t('saveName'),
        async (f) => {
          await ctx.api.updateMe({ name: valueOf(f, 'account-name') });
          await ctx.refresh(undefined, ctx.t('nameSaved'));
        },
      ),
      form(ctx, 'lang-form', [language], ctx.t('saveLanguage'), async (f) => {
        const lang = f.querySelector<HTMLSelectElement>('#account-lang')!.value as Lang;
        await ctx.api.updateMe({ lang });
        await ctx.refresh(undefined, ctx.t('languageSaved', { language: LANGUAGES[lang] }));
      }),
    ),
    h(
      'section',
      { 'aria-labelledby': 'email-title' },
      h('h3', { id: 'email-title' }, ctx.t('emailTitle')),
      h('p', { class: 'meta', id: 'account-email' }, ctx.t('currentEmail', { email: me.email })),
      me.pendingEmail
        ? h('p', { class: 'meta', id: 'account-pending' }, ctx.t('pendingEmail', { email: me.pendingEmail }))
        : null,
      form(
        ctx,
        'email-form',
        [
          field({ id: 'new-email', label: ctx.t('newEmail'), type: 'email', autocomplete: 'email' }),
          field({
            id: 'email-password',
            label: ctx.t('password'),
            type: 'password',
            autocomplete: 'current-password',
          }),
        ],
        ctx.t('changeEmail'),
        async (f) => {
          const email = valueOf(f, 'new-email');
          await ctx.api.changeEmail(email, password(f, 'email-password'));
          await ctx.refresh(undefined, ctx.t('emailSent', { email }));
        },
      ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'password-title' },
      h('h3', { id: 'password-title' }, ctx.t('passwordTitle')),
      form(
        ctx,
        'password-form',
        [
          field({
            id: 'current-password',
            label: ctx.t('currentPassword'),
            type: 'password',
            autocomplete: 'current-password',
          }),
          field({
            id: 'new-password',
            label: ctx.t('newPassword'),
            type: 'password',
            autocomplete: 'new-password',
            hint: ctx.t('passwordHint'),
            minlength: 10,
            maxlength: 1000,
          }),
        ],
        ctx.t('changePassword'),
        async (f) => {
          await ctx.api.changePassword(password(f, 'current-password'), password(f, 'new-password'));
          f.reset();
          ctx.notify(ctx.t('passwordChanged'));
        },
      ),
    ),
    closeSection,
  );
}
