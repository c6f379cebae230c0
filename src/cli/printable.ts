/**
 * Control characters (C0, DEL, C1) and the line and paragraph separators: a terminal acts on some
 * (ESC starts sequences that move the cursor, clear the screen or set the window title), and a line
 * break would let an input forge lines of a report.
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** As JSON writes it (`\n`, `\u001b`); JSON leaves DEL, C1 and the separators as they are: `\u` them too. */
const escaped = (c: string) =>
  c < '\u007f' ? JSON.stringify(c).slice(1, -1) : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text from an input (a file name, a column name, a refused value) as the command line prints it:
 * its control characters written as the admin API's JSON has them (`\u001b`), so what an operator
 * reads is the same there and here, and nothing in it reaches the terminal as a command.
 */
export function printable(text: string): string {
  return text.replace(CONTROLS, escaped);
}
