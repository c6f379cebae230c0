import { Tokenizer, type Token } from 'parse5';

// The two outlook texts of the market summary (FXMO, TBMO) are HTML that the bank's page inserts as
// it is. Only a small subset is taken: these elements, without attributes, properly nested and
// closed, with text and character references; anything else is refused with the reason. parse5's
// tokenizer reads the markup as a browser would (so `<p class=x>` or `<scr<script>ipt>` cannot hide
// from it), and its parse errors (a `<` that starts no tag, an unknown entity) are refused too.

/** The elements an outlook text may use. */
export const SAFE_HTML_ELEMENTS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li'] as const;

const ALLOWED = new Set<string>(SAFE_HTML_ELEMENTS);
/** Elements with no end tag. */
const VOID = new Set(['br']);
/** Where each element may stand: its parent's name ('' for the top level). */
const PARENTS: Readonly<Record<string, (parent: string) => boolean>> = {
  li: (parent) => parent === 'ul' || parent === 'ol',
  // A browser closes an open <p> before these, so the page would not show what was written.
  p: (parent) => parent !== 'p' && parent !== 'strong' && parent !== 'em',
  ul: (parent) => parent !== 'p' && parent !== 'strong' && parent !== 'em',
  ol: (parent) => parent !== 'p' && parent !== 'strong' && parent !== 'em',
};

const LISTS = new Set(['ul', 'ol']);
const allowedList = SAFE_HTML_ELEMENTS.map((e) => `<${e}>`).join(' ');

class Refusal extends Error {}

/** Why `html` is not in the safe subset (with the character offset where it goes wrong), or undefined. */
export function safeHtmlProblem(html: string): string | undefined {
  const open: string[] = [];
  const at = (location: Token.Location | null) =>
    location ? ` at character ${location.startOffset + 1}` : '';
  const refuse = (reason: string, location: Token.Location | null): never => {
    throw new Refusal(`${reason}${at(location)}`);
  };
  const text = (token: Token.CharacterToken) => {
    const parent = open.at(-1);
    if (parent !== undefined && LISTS.has(parent))
      refuse(`has text directly inside <${parent}> (put it in an <li>)`, token.location);
  };
  const tokenizer = new Tokenizer(
    { sourceCodeLocationInfo: true },
    {
      onParseError: (error) => refuse(`is not well-formed HTML (${error.code})`, error),
      onComment: (token) => refuse('has a comment, which is not allowed', token.location),
      onDoctype: (token) => refuse('has a doctype, which is not allowed', token.location),
      onNullCharacter: (token) => refuse('has a NUL character', token.location),
      onCharacter: text,
      onWhitespaceCharacter: () => undefined,
      onStartTag: (token) => {
        const name = token.tagName;
        if (!ALLOWED.has(name))
          refuse(`has <${name}>, which is not allowed (only ${allowedList})`, token.location);
        if (token.attrs.length > 0)
          refuse(
            `has an attribute (${token.attrs[0]!.name}) on <${name}>; no attributes are allowed`,
            token.location,
          );
        const parent = open.at(-1) ?? '';
        if (LISTS.has(parent) && name !== 'li')
          refuse(`has <${name}> directly inside <${parent}>`, token.location);
        if (!(PARENTS[name]?.(parent) ?? true))
          refuse(`has <${name}> ${parent ? `inside <${parent}>` : 'outside a list'}`, token.location);
        if (VOID.has(name)) return;
        if (token.selfClosing) refuse(`has <${name}/>, which a browser leaves open`, token.location);
        open.push(name);
      },
      onEndTag: (token) => {
        const name = token.tagName;
        if (VOID.has(name)) refuse(`has </${name}>, which has no end tag`, token.location);
        const expected = open.pop();
        if (expected !== name)
          refuse(
            expected
              ? `closes </${name}> where <${expected}> is open`
              : `closes </${name}>, which is not open`,
            token.location,
          );
      },
      onEof: () => {
        if (open.length > 0) refuse(`leaves <${open.at(-1)}> unclosed`, null);
      },
    },
  );
  try {
    tokenizer.write(html, true);
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    throw error;
  }
  return undefined;
}
