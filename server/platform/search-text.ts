/**
 * Text folded for search. Staff type what they hear at the desk ("helene fontaine", "nestle"), so stored text and
 * queries are folded the same way: compatibility decomposition (NFKD), combining marks dropped, lower case, and the
 * few Latin letters NFKD leaves whole spelt out. Here rather than beside the desk's search rules
 * (attendees/search.rules.ts) because a migration fills the stored text too.
 */

/** Letters without a decomposition, spelt the way people type them without the key. */
const SPELT_OUT: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SPELT_OUT_PATTERN = new RegExp(`[${Object.keys(SPELT_OUT).join('')}]`, 'g');

/** `text` as search compares it: "Hélène NESTLÉ" and "helene nestle" fold to the same. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(SPELT_OUT_PATTERN, (letter) => SPELT_OUT[letter]!);
}

/**
 * What an attendee's `search_text` column holds: name, email and every answer, folded, one per line (a query word
 * never holds a line break, so no match spans two values). Option labels are not stored: the event editor can
 * rename them, so a query meets them through the search rules instead (attendees/search.rules.ts).
 */
export function attendeeSearchText(name: string, email: string, answers: Record<string, string>): string {
  return foldForSearch([name, email, ...Object.values(answers)].join('\n'));
}
