/** A NUL or any UTF-16 surrogate: the one cheap test that lets whole text through at once. */
// eslint-disable-next-line no-control-regex -- a NUL is exactly what this looks for
const SUSPECT_CHARACTER = /[\u0000\ud800-\udfff]/;
/** A surrogate without its other half: no UTF-8 can hold it, so storing it would change the text. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a string is not text: it holds a NUL (C strings, terminals, CSV tools and printers cut there) or a lone
 * surrogate (SQLite would store U+FFFD in its place, and JSON readers choke on it).
 */
export function isNotText(value: string): boolean {
  return SUSPECT_CHARACTER.test(value) && (value.includes('\u0000') || LONE_SURROGATE.test(value));
}
