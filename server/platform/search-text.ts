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

/**
 * Desk search forgives one typo in a word of a name (issue 39: "bertand" finds Bertrand): a letter missing, extra,
 * wrong, or two neighbours swapped. Only in words of 4 letters or more: a typo in a shorter one would find half the
 * room. Words past 32 letters are no name's.
 */
export const TYPO_MIN_LETTERS = 4;
const TYPO_MAX_LETTERS = 32;

/** The words of a text a typo may be forgiven in: folded, letters only, 4 to 32 of them, each once. */
export function typoWords(text: string): string[] {
  return [
    ...new Set(
      foldForSearch(text)
        .split(/[^\p{L}]+/u)
        .filter((word) => {
          const letters = [...word].length;
          return letters >= TYPO_MIN_LETTERS && letters <= TYPO_MAX_LETTERS;
        }),
    ),
  ];
}

/**
 * A word and each word one letter shorter (SymSpell's deletion neighbourhood, of distance 1): two words one edit
 * apart always share one of these, so a dictionary of them (`name_word_keys`, migration 031) finds the candidates of
 * a typo by a few lookups instead of a scan. Sharing one is not enough (`bcdea` and `abcde` share `bcde`): candidates
 * are checked with `withinOneEdit` (attendees/search.rules.ts).
 */
export function deletionKeys(word: string): string[] {
  const letters = [...word];
  const keys = new Set([word]);
  for (let i = 0; i < letters.length; i++)
    keys.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
  return [...keys];
}
