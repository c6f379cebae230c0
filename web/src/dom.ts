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
  value: (row: T) => string | Node;
  numeric?: boolean;
}

export interface TableOptions<T> {
  /** A row that opens something: its first cell becomes a button (reachable by Tab), and so does a click on the row. */
  open?: (row: T) => void;
  /** The row shown as chosen. */
  current?: (row: T) => boolean;
  caption?: string;
  /** For a box that scrolls (a long table): its name, and a place in the Tab order to scroll it by keys. */
  region?: string;
}

/**
 * A table in a horizontally scrolling box. On phones a table with the class `stack` shows each row as
 * a card of label: value lines (the labels come from `data-label`), so nothing is clipped.
 */
export function table<T>(
  columns: Column<T>[],
  rows: T[],
  className = '',
  options: TableOptions<T> = {},
): HTMLElement {
  const { open, current } = options;
  const cell = (c: Column<T>, row: T, first: boolean) => {
    const value = c.value(row);
    const content =
      first && open
        ? h('button', { type: 'button', class: 'row-link', onclick: () => open(row) }, value)
        : value;
    return h('td', { class: c.numeric ? 'num' : '', 'data-label': c.title }, content);
  };
  return h(
    'div',
    options.region
      ? { class: 'scroll', tabindex: 0, role: 'region', 'aria-label': options.region }
      : { class: 'scroll' },
    h(
      'table',
      { class: className },
      options.caption ? h('caption', { class: 'visually-hidden' }, options.caption) : null,
      h(
        'thead',
        {},
        h('tr', {}, ...columns.map((c) => h('th', { class: c.numeric ? 'num' : '', scope: 'col' }, c.title))),
      ),
      h(
        'tbody',
        {},
        ...rows.map((row) => {
          const tr = h(
            'tr',
            { class: current?.(row) ? 'current' : '', 'aria-current': current?.(row) ? 'true' : undefined },
            ...columns.map((c, i) => cell(c, row, i === 0)),
          );
          // A click anywhere on the row does what its button does; the button alone takes the keyboard.
          if (open) {
            tr.classList.add('opens');
            tr.addEventListener('click', (event) => {
              if (!(event.target as Element).closest('button')) open(row);
            });
          }
          return tr;
        }),
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
        {
          type: 'button',
          'aria-pressed': String(o.value === current),
          // The view is drawn anew after a pick; this finds the same button to keep the focus on.
          'data-focus': `toggle-${o.value}`,
          onclick: () => onPick(o.value),
        },
        o.label,
      ),
    ),
  );
}

export const message = (text: string, kind: 'info' | 'empty' = 'info') =>
  h('p', { class: `message ${kind}` }, text);
