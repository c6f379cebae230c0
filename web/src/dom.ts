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
  /**
   * In a compact table on a phone: 'shown' in the row's one line, 'only' there (left out on a wide
   * screen, where other columns say the same); the other columns wait until the row is opened.
   */
  compact?: 'shown' | 'only';
}

export interface TableOptions<T> {
  /** A row that opens something: its first cell becomes a button (reachable by Tab), and so does a click on the row. */
  open?: (row: T) => void;
  /** The row shown as chosen. */
  current?: (row: T) => boolean;
  caption?: string;
  /** For a box that scrolls (a long table): its name, and a place in the Tab order to scroll it by keys. */
  region?: string;
  /** A row's data-* attributes: what a script needs of it that its cells do not show. */
  data?: (row: T) => Record<string, string>;
  /**
   * A compact table (its columns say which are `compact`): on a phone each row is one line of those
   * columns, and a tap on the row, or on its button named by `details`, shows the rest under it.
   */
  details?: { label: (row: T) => string; heading: string };
}

/** The width below which the explorer lays out for a phone (phone.css says the same). */
const narrow = () => matchMedia('(max-width: 640px)').matches;

/**
 * A table in a horizontally scrolling box. On phones a table with the class `stack` shows each row as
 * a card of label: value lines (the labels come from `data-label`), so nothing is clipped; a compact
 * table (`details` given) shows each row as one line, and the rest in a row under it when it is opened.
 */
export function table<T>(
  columns: Column<T>[],
  rows: T[],
  className = '',
  options: TableOptions<T> = {},
): HTMLElement {
  const { open, current, details } = options;
  // A compact table's columns are marked for the phone's one-line rows (see phone.css): on that line
  // ('shown'), on it only ('only'), or under it once the row is opened ('more').
  const phoneClass = { shown: '', only: 'only', none: 'more' } as const;
  const kind = (c: Column<T>) =>
    [c.numeric ? 'num' : '', details ? phoneClass[c.compact ?? 'none'] : ''].filter(Boolean).join(' ');
  const cell = (c: Column<T>, row: T, first: boolean) => {
    const value = c.value(row);
    const content =
      first && open
        ? h('button', { type: 'button', class: 'row-link', onclick: () => open(row) }, value)
        : value;
    return h('td', { class: kind(c), 'data-label': c.title }, content);
  };
  /** The phone's button that shows (or hides again) the columns a compact row leaves out. */
  const detailsCell = (row: T) => {
    const button = h('button', {
      type: 'button',
      class: 'row-details',
      'aria-expanded': 'false',
      'aria-label': details!.label(row),
    });
    button.addEventListener('click', () => {
      const tr = button.closest('tr')!;
      const opened = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(opened));
      if (opened) tr.after(detailsRow(tr));
      else if (tr.nextElementSibling?.classList.contains('row-more')) tr.nextElementSibling.remove();
    });
    return h('td', { class: 'details' }, button);
  };
  return h(
    'div',
    options.region
      ? { class: 'scroll', tabindex: 0, role: 'region', 'aria-label': options.region }
      : { class: 'scroll' },
    h(
      'table',
      { class: details ? `${className} compact` : className },
      options.caption ? h('caption', { class: 'visually-hidden' }, options.caption) : null,
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...columns.map((c) => h('th', { class: kind(c), scope: 'col' }, c.title)),
          details ? h('th', { class: 'details', scope: 'col' }, details.heading) : null,
        ),
      ),
      h(
        'tbody',
        {},
        ...rows.map((row) => {
          const tr = h(
            'tr',
            { class: current?.(row) ? 'current' : '', 'aria-current': current?.(row) ? 'true' : undefined },
            ...columns.map((c, i) => cell(c, row, i === 0)),
            details ? detailsCell(row) : null,
          );
          Object.assign(tr.dataset, options.data?.(row));
          // A click anywhere on the row does what its button does; the button alone takes the keyboard.
          // On a phone a compact row's tap shows the rest of it, what its details button does.
          const toggle = tr.querySelector<HTMLElement>('.row-details');
          if (open) tr.classList.add('opens');
          if (open || toggle) {
            tr.addEventListener('click', (event) => {
              if ((event.target as Element).closest('button, a')) return;
              if (toggle?.checkVisibility()) toggle.click();
              else open?.(row);
            });
          }
          return tr;
        }),
      ),
    ),
  );
}

/** The row under an opened compact row: what its one line leaves out, a heading and value each. */
function detailsRow(tr: HTMLTableRowElement): HTMLTableRowElement {
  const left = [...tr.cells].filter((td) => td.classList.contains('more'));
  return h(
    'tr',
    { class: 'row-more' },
    h(
      'td',
      // Across the columns shown (a fixed table layout counts a span over hidden ones as columns).
      { colspan: [...tr.cells].filter((td) => td.checkVisibility()).length },
      h(
        'dl',
        {},
        ...left.flatMap((td) => [
          h('dt', {}, td.dataset.label ?? ''),
          h('dd', {}, ...[...td.childNodes].map((node) => node.cloneNode(true))),
        ]),
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

/** Parts a reader opened or closed, by name: they stay so while the page is open. */
const folded = new Map<string, boolean>();

/** Shows a part open from now on, as a link asks that shows something in it (an amount converted). */
export const openPart = (name: string) => void folded.set(name, true);

/**
 * A part of a view under its heading that a tap opens or closes: open on a wide screen, closed on a
 * phone (a long page otherwise), and as the reader last left it.
 */
export function foldable(name: string, className: string, title: string, ...children: Child[]): HTMLElement {
  const details = h(
    'details',
    { id: `${name}-part`, open: folded.get(name) ?? !narrow() },
    h('summary', {}, h('h2', {}, title)),
    ...children,
  );
  details.addEventListener('toggle', () => folded.set(name, details.open));
  return h('section', { class: className }, details);
}

/**
 * Links to the parts of a long view (a fund category, the converter): a tap scrolls there, opens a
 * closed part and moves the focus to its heading. Buttons, as the address is the view's own link.
 */
export function jumps(label: string, targets: { title: string; to: () => HTMLElement | null }[]) {
  const go = (to: () => HTMLElement | null) => {
    const heading = to();
    if (!heading) return;
    const part = heading.closest('details');
    if (part) part.open = true;
    heading.tabIndex = -1;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  };
  return h(
    'nav',
    { class: 'jumps', 'aria-label': label },
    ...targets.map((t) => h('button', { type: 'button', onclick: () => go(t.to) }, t.title)),
  );
}
