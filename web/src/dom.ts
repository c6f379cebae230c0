type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

/** A small element builder: h('td', { class: 'num' }, '12.3'). `on*` attributes become listeners. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

export interface Column<T> {
  title: string;
  value: (row: T) => string;
  numeric?: boolean;
}

/** A table in a horizontally scrolling box, so wide tables fit phone screens. */
export function table<T>(columns: Column<T>[], rows: T[], className = ''): HTMLElement {
  return h(
    'div',
    { class: 'scroll' },
    h(
      'table',
      { class: className },
      h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { class: c.numeric ? 'num' : '' }, c.title)))),
      h(
        'tbody',
        {},
        ...rows.map((row) =>
          h('tr', {}, ...columns.map((c) => h('td', { class: c.numeric ? 'num' : '' }, c.value(row)))),
        ),
      ),
    ),
  );
}

/** Buttons of which one is pressed, e.g. the period presets. */
export function toggles<T extends string>(
  options: readonly { value: T; label: string }[],
  current: T | undefined,
  onPick: (value: T) => void,
): HTMLElement {
  return h(
    'div',
    { class: 'toggles', role: 'group' },
    ...options.map((o) =>
      h(
        'button',
        { type: 'button', 'aria-pressed': String(o.value === current), onclick: () => onPick(o.value) },
        o.label,
      ),
    ),
  );
}

export const message = (text: string, kind: 'info' | 'empty' = 'info') =>
  h('p', { class: `message ${kind}` }, text);
