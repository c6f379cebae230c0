// Where a failed call (or one waited out after a 429) is told: beside the part of the view it
// concerns, while the data already shown stays. Before, any failure wiped the whole view.
import { h } from './dom.js';

/** The part of the view `el` is in (its picker row, form or section); none outside the view. */
export function partOf(view: HTMLElement, el: Element | null): HTMLElement | undefined {
  if (!el || el === view || !view.contains(el)) return undefined;
  const part = el.closest<HTMLElement>('.period, .converter, .download, section, form');
  return part && part !== view && view.contains(part) ? part : undefined;
}

/** The view's one message box about calls: waiting (a status) or failed (an alert). */
export class ProblemBox {
  readonly el = h('div', { id: 'view-problem' });
  /** The part the box was put after: Try again, clicked in the box, concerns the same part. */
  private part: HTMLElement | undefined;

  constructor(private readonly view: HTMLElement) {}

  /** The part the reader acts in now: the focused element's, or the box's own part from inside it. */
  acting(): HTMLElement | undefined {
    const focused = document.activeElement;
    if (focused && this.el.contains(focused)) return this.part;
    return partOf(this.view, focused);
  }

  /** Shows `content` right after `part` (still on the page), else first in the view. */
  tell(kind: 'waiting' | 'error', part: HTMLElement | undefined, ...content: (Node | string)[]): void {
    this.el.className = `problem ${kind}`;
    this.el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    this.el.replaceChildren(...content);
    const placed = part && part !== this.el && part.isConnected && this.view.contains(part);
    if (placed) part.after(this.el);
    else this.view.prepend(this.el);
    this.part = placed ? part : undefined;
  }

  /** Takes the box away if it says `kind` (a wait that is over), or whatever it says. */
  clear(kind?: 'waiting' | 'error'): void {
    if (!kind || this.el.classList.contains(kind)) this.el.remove();
  }
}
