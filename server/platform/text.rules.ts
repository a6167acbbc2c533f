/**
 * What text may hold: the one rule every route, the CLI, the import and the sync's ops apply to what people type
 * (platform/validation.ts runs it over every string of every request).
 *
 * - `not_text`: a NUL (C strings, terminals, CSV tools and printers cut there) or a lone surrogate (no UTF-8 can
 *   hold it: SQLite would store U+FFFD in its place, and JSON readers choke on it).
 * - `control`: any other C0 control but tab, line feed and carriage return, DEL, and the C1 controls (U+0080 to
 *   U+009F, NEL among them): invisible, and what terminals, printers and old mail software act on.
 * - `direction`: the bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069), which
 *   show text in another order than it is read ("Trojan Source"): `moc.elpmaxe` on screen is `example.com` in a
 *   link. The marks U+200E, U+200F and U+061C stay: right-to-left scripts need them and they reorder nothing.
 * - `line_break`: in a single-line field (a name, an event's name and place, a label, a from-name, an address), a
 *   line feed, carriage return, U+2028 or U+2029, or a tab. Such a field ends up on one line of a mail header, a
 *   calendar file, a CSV row, a badge: a line break there starts a line of its own.
 */
export type TextFault = 'not_text' | 'control' | 'direction' | 'line_break';

/** Whether a field may run over several lines (a description, a textarea answer) or is one line. */
export type TextLines = 'one' | 'many';

/** Anything a field of several lines refuses, in one cheap test that lets whole text through at once. */
const SUSPECT =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/;
/** A surrogate without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const DIRECTION = /[\u202a-\u202e\u2066-\u2069]/;
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/** What is wrong with `value` as text of a field of `lines`, or null when nothing is. */
export function textFault(value: string, lines: TextLines = 'many'): TextFault | null {
  if (SUSPECT.test(value)) {
    if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return 'not_text';
    if (CONTROL.test(value)) return 'control';
    if (DIRECTION.test(value)) return 'direction';
  }
  return lines === 'one' && LINE_BREAK.test(value) ? 'line_break' : null;
}

/** Whether `value` may stand in a single-line field. */
export const isOneLineText = (value: string): boolean => textFault(value, 'one') === null;

/** How deep `mayHoldFault` looks before leaving a value to `textFaultsIn`'s full walk (which has no depth limit). */
const QUICK_LOOK_DEPTH = 8;

/**
 * Whether `value` may hold a string or an object key that is not text, or nests deeper than `depth`: a look that
 * allocates nothing, for the requests (nearly all) that hold only text.
 */
function mayHoldFault(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return SUSPECT.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (mayHoldFault(value[i], depth - 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (SUSPECT.test(key) || mayHoldFault(record[key], depth - 1)) return true;
  }
  return false;
}

/** A string that is not text, where it is (as field errors name it), and what is wrong with it. */
export interface TextFaultAt {
  path: string;
  fault: TextFault;
}

/**
 * Every string in `input` (a request part, an op), at any depth, that is not text (`textFault`: what no field of
 * any kind may hold); a key that is not text is named itself and its value not looked into. `skip` names top-level keys whose
 * values are checked elsewhere (a sync push's ops, each refused on its own). Empty for nearly every request, which a
 * first look without allocations tells.
 */
export function textFaultsIn(input: unknown, skip: readonly string[] = []): TextFaultAt[] {
  if (!mayHoldFault(input, QUICK_LOOK_DEPTH)) return [];
  const faults: TextFaultAt[] = [];
  const pending: [unknown, string][] = [[input, '']];
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      const fault = textFault(value);
      if (fault) faults.push({ path, fault });
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) pending.push([value[i], join(path, String(i))]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const fault = textFault(key);
        if (fault) faults.push({ path: join(path, key), fault });
        else if (!(path === '' && skip.includes(key))) pending.push([item, join(path, key)]);
      }
    }
  }
  return faults;
}
