import { h } from '../dom.js';
import type { PortalContext } from './context.js';

interface FieldOptions {
  id: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autocomplete?: string;
  hint?: string;
  value?: string;
  required?: boolean;
  minlength?: number;
  maxlength?: number;
}

/** A labelled input with its hint tied to it (aria-describedby), for screen readers too. */
export function field(o: FieldOptions): HTMLElement {
  const hintId = o.hint ? `${o.id}-hint` : undefined;
  return h(
    'div',
    { class: 'field' },
    h('label', { for: o.id }, o.label),
    h('input', {
      id: o.id,
      name: o.id,
      type: o.type ?? 'text',
      autocomplete: o.autocomplete ?? 'off',
      value: o.value,
      required: o.required ?? true,
      minlength: o.minlength,
      maxlength: o.maxlength ?? 200,
      spellcheck: 'false',
      'aria-describedby': hintId,
    }),
    o.hint ? h('p', { class: 'hint', id: hintId }, o.hint) : null,
  );
}

/** The value of the form's input `id`. */
export const valueOf = (form: HTMLElement, id: string): string =>
  (form.querySelector<HTMLInputElement>(`#${id}`)?.value ?? '').trim();

/**
 * A form that calls `submit` once at a time (its button disabled meanwhile); a failure is told in the
 * notice and the focus stays in the form.
 */
export function form(
  ctx: PortalContext,
  id: string,
  children: (HTMLElement | null)[],
  label: string,
  submit: (form: HTMLFormElement) => Promise<void>,
): HTMLFormElement {
  const button = h('button', { type: 'submit', class: 'primary', id: `${id}-submit` }, label);
  const element = h('form', { id, class: 'portal-form', novalidate: false }, ...children, button);
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    element.setAttribute('aria-busy', 'true');
    submit(element)
      .catch((error: unknown) => ctx.fail(error))
      .finally(() => {
        button.disabled = false;
        element.removeAttribute('aria-busy');
      });
  });
  return element;
}

/** A heading that the view moves the focus to when it is drawn, so a screen reader starts there. */
export const title = (text: string, id = 'view-title') => h('h2', { id, tabindex: -1 }, text);

/**
 * A question asked in place before something that cannot be undone: the focus goes to the question,
 * "no" puts it back where it was.
 */
export function confirmStep(
  question: string,
  yes: string,
  no: string,
  onYes: () => Promise<void>,
  extra: HTMLElement | null = null,
  id = 'confirm',
): HTMLElement {
  const back = document.activeElement as HTMLElement | null;
  const text = h('p', { id: `${id}-question`, tabindex: -1, class: 'question' }, question);
  const yesButton = h('button', { type: 'submit', class: 'danger', id: `${id}-yes` }, yes);
  const panel = h(
    'form',
    { class: 'confirm', role: 'group', 'aria-labelledby': `${id}-question`, id },
    text,
    extra,
    h(
      'div',
      { class: 'actions' },
      yesButton,
      h(
        'button',
        {
          type: 'button',
          id: `${id}-no`,
          onclick: () => {
            panel.remove();
            back?.focus();
          },
        },
        no,
      ),
    ),
  );
  panel.addEventListener('submit', (event) => {
    event.preventDefault();
    if (yesButton.disabled) return;
    yesButton.disabled = true;
    void onYes().finally(() => (yesButton.disabled = false));
  });
  queueMicrotask(() => text.focus());
  return panel;
}
