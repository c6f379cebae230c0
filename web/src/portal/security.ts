import { h, table } from '../dom.js';
import type { PortalSession } from './api.js';
import type { PortalContext } from './context.js';
import { field, form, title, valueOf } from './forms.js';
import { bangkokTime } from './times.js';

/** The session list's device: the browser's own words, shortened to what tells two apart. */
const deviceOf = (ctx: PortalContext, s: PortalSession) => {
  const agent = s.device ?? '';
  if (!agent) return ctx.t('unknownDevice');
  const browser = /(Edg|OPR|Chrome|Firefox|Safari)\/[\d.]+/.exec(agent)?.[0] ?? '';
  const system = /\(([^;)]+)/.exec(agent)?.[1] ?? '';
  return [browser, system].filter(Boolean).join(', ') || agent.slice(0, 60);
};

const password = (f: HTMLElement, id: string) => f.querySelector<HTMLInputElement>(`#${id}`)!.value;
const codeField = (ctx: PortalContext, id: string) =>
  field({ id, label: ctx.t('code'), hint: ctx.t('codeHint'), autocomplete: 'one-time-code', maxlength: 20 });
const passwordField = (ctx: PortalContext, id: string) =>
  field({
    id,
    label: ctx.t('password'),
    type: 'password',
    autocomplete: 'current-password',
    maxlength: 1000,
  });

/** The recovery codes, shown this once, with the step that says they were kept. */
function recoveryPanel(ctx: PortalContext, codes: string[]): HTMLElement {
  return h(
    'section',
    { class: 'keys', id: 'recovery-codes', 'aria-labelledby': 'recovery-title' },
    h('h3', { id: 'recovery-title', tabindex: -1 }, ctx.t('recoveryTitle')),
    h('p', { class: 'warning' }, ctx.t('recoveryOnce')),
    h('ol', { class: 'recovery-list' }, ...codes.map((c) => h('li', {}, h('code', {}, c)))),
    h(
      'button',
      { type: 'button', class: 'primary', id: 'recovery-done', onclick: () => void ctx.refresh() },
      ctx.t('recoverySaved'),
    ),
  );
}

/** #security: the account's active sessions, each signed out on its own, and two-step sign-in. */
export async function securityView(ctx: PortalContext): Promise<void> {
  const [sessions, twoStep] = await Promise.all([ctx.api.sessions(), ctx.api.twoStep()]);
  if (!ctx.current()) return;

  const sessionTable = table(
    [
      {
        title: ctx.t('device'),
        value: (s: PortalSession) =>
          s.current ? `${deviceOf(ctx, s)} (${ctx.t('thisSession')})` : deviceOf(ctx, s),
      },
      { title: ctx.t('address'), value: (s: PortalSession) => s.address ?? '–' },
      { title: ctx.t('lastSeen'), value: (s: PortalSession) => bangkokTime(s.lastSeenAt, ctx.lang) },
      {
        title: ctx.t('signOutSession'),
        value: (s: PortalSession) =>
          h(
            'button',
            {
              type: 'button',
              id: `end-session-${s.id}`,
              onclick: () =>
                void ctx.api
                  .endSession(s.id)
                  .then(() =>
                    s.current
                      ? ctx.refresh('signin', ctx.t('signedOut'))
                      : ctx.refresh(undefined, ctx.t('sessionEnded')),
                  )
                  .catch((error: unknown) => ctx.fail(error)),
            },
            ctx.t('signOutSession'),
          ),
      },
    ],
    sessions,
    'sessions stack',
    { caption: ctx.t('sessionsTitle'), data: (s) => ({ session: s.id }) },
  );

  const twoStepPart = h('div', { id: 'two-step' });
  if (twoStep.enabled) {
    twoStepPart.append(
      h('p', { id: 'two-step-state' }, ctx.t('twoStepOn', { left: twoStep.recoveryCodesLeft })),
      form(
        ctx,
        'two-step-disable',
        [passwordField(ctx, 'disable-password'), codeField(ctx, 'disable-code')],
        ctx.t('twoStepDisable'),
        async (f) => {
          await ctx.api.twoStepDisable(password(f, 'disable-password'), valueOf(f, 'disable-code'));
          await ctx.refresh(undefined, ctx.t('twoStepDisabled'));
        },
      ),
    );
  } else {
    const state = h('p', { id: 'two-step-state' }, ctx.t('twoStepOff'));
    const steps = h('div', { id: 'two-step-steps' });
    const start = form(
      ctx,
      'two-step-setup',
      [passwordField(ctx, 'setup-password')],
      ctx.t('twoStepStart'),
      async (f) => {
        const { secret, uri } = await ctx.api.twoStepSetup(password(f, 'setup-password'));
        const { qrImage } = await import('./qr.js');
        const qr = await qrImage(uri);
        f.hidden = true;
        const enable = form(
          ctx,
          'two-step-enable',
          [codeField(ctx, 'enable-code')],
          ctx.t('twoStepEnable'),
          async (e) => {
            const { recoveryCodes } = await ctx.api.twoStepEnable(valueOf(e, 'enable-code'));
            // It is on now, not once the codes are put away: the state above them says so.
            state.textContent = ctx.t('twoStepOn', { left: recoveryCodes.length });
            steps.replaceChildren(recoveryPanel(ctx, recoveryCodes));
            steps.querySelector<HTMLElement>('#recovery-title')!.focus();
            ctx.notify(ctx.t('twoStepEnabled'));
          },
        );
        steps.replaceChildren(
          h('p', { id: 'two-step-scan' }, ctx.t('twoStepScan')),
          h(
            'div',
            { class: 'two-step-key' },
            h('img', {
              id: 'two-step-qr',
              class: 'qr',
              src: qr,
              alt: ctx.t('twoStepQr'),
              width: 200,
              height: 200,
            }),
            h(
              'div',
              {},
              h(
                'dl',
                { class: 'facts' },
                h('dt', {}, ctx.t('twoStepSecret')),
                h('dd', {}, h('code', { id: 'two-step-secret' }, secret)),
              ),
              h('p', {}, h('a', { href: uri, id: 'two-step-uri' }, ctx.t('twoStepLink'))),
            ),
          ),
          enable,
        );
        enable.querySelector<HTMLInputElement>('input')!.focus();
      },
    );
    twoStepPart.append(state, start, steps);
  }

  ctx.el.replaceChildren(
    title(ctx.t('securityTitle')),
    h(
      'section',
      { 'aria-labelledby': 'sessions-title' },
      h('h3', { id: 'sessions-title' }, ctx.t('sessionsTitle')),
      sessionTable,
    ),
    h(
      'section',
      { 'aria-labelledby': 'two-step-title' },
      h('h3', { id: 'two-step-title' }, ctx.t('twoStepTitle')),
      twoStepPart,
    ),
  );
}
