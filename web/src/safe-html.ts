// The market outlooks come as short HTML texts (contract notes: the newer website's operations). The
// service's import already refuses anything beyond a safe subset, but the page does not rely on that:
// it parses the text into an inert document (DOMParser runs no script and loads nothing) and copies
// across only the allowed elements, without any attribute, and text as text.

/** The subset the import accepts: paragraphs, line breaks, strong and emphasis, lists. */
const ALLOWED = new Set(['P', 'BR', 'STRONG', 'EM', 'UL', 'OL', 'LI']);
/** Elements whose content is no text to read: left out with everything in them. */
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'NOSCRIPT',
  'IFRAME',
  'OBJECT',
  'SVG',
  'MATH',
  'HEAD',
]);

function copy(from: Node, into: Node): void {
  for (const node of from.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      into.appendChild(document.createTextNode(node.textContent ?? ''));
    } else if (node instanceof Element) {
      const tag = node.tagName.toUpperCase();
      if (DROPPED.has(tag)) continue;
      if (ALLOWED.has(tag)) {
        const element = document.createElement(tag.toLowerCase());
        copy(node, element);
        into.appendChild(element);
      } else {
        // Another element (a span, a link): its text stays, the element and its attributes do not.
        copy(node, into);
      }
    }
    // Comments and the rest: nothing to show.
  }
}

/** The text's allowed elements and its text, as nodes of this page. */
export function safeHtml(html: string): DocumentFragment {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const fragment = document.createDocumentFragment();
  copy(parsed.body, fragment);
  return fragment;
}
