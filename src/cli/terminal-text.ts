/**
 * What the command line writes to a terminal of the user's data (item ids and names, values,
 * field names, file names, texts read from a job or a service): never a character that a terminal
 * acts on or that reorders the line. C0 controls (ESC starts colour, cursor and title sequences),
 * DEL, C1 controls (U+009B is a one-character CSI on many terminals) and the bidirectional
 * controls and marks (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069: text that reads
 * differently from what it is) are written as JSON escapes, `\u001b`: still valid inside a JSON
 * string, and visible. The one owner of that rule: `shellWord` (the page hints of `catq run`, a
 * command written into a file) quotes the same characters so that the word pastes back as it is.
 */

/** The characters never echoed as they are (see the module comment). */
// eslint-disable-next-line no-control-regex
export const TERMINAL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `\u001b` for U+001B: the JSON escape of one UTF-16 code unit. */
export function unitEscape(c: string): string {
  return '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0');
}

/**
 * `text` safe to write to a terminal: each character of {@link TERMINAL_UNSAFE} as its JSON
 * escape. With `lines`, line breaks (`\n`) are kept (a message of several lines).
 */
export function terminalText(text: string, options: { lines?: boolean } = {}): string {
  return text.replace(options.lines ? UNSAFE_BUT_LINE_BREAKS : UNSAFE_ALL, unitEscape);
}
