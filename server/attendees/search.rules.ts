import type { RegistrationField } from '../contract/vocabulary.ts';
import { foldForSearch, typoWords } from '../platform/search-text.ts';

/**
 * How the desk reads a query. The stored side is `attendeeSearchText` (platform/search-text.ts), folded the same
 * way; the SQL that matches one against the other is `attendeesRepository`'s `searchClause`. A word of 4 letters or
 * more also finds the names with a word one edit from it (`withinOneEdit`), through their deletion keys
 * (`deletionKeys`, migration 031), ranked after the people every word finds as typed.
 */

/**
 * One word of a query: the folded text to find, the select answers whose option label contains it, and the word a
 * typo may be forgiven in (null for a word under 4 letters, or one that is not all letters).
 */
export interface SearchTerm {
  text: string;
  options: { key: string; values: string[] }[];
  typo: string | null;
}

/**
 * A query as its words, each of which must match, in any order ("fontaine helene" finds Hélène Fontaine). A word
 * matches the stored text, or a select answer whose option label contains it, so "visiteur" finds those who chose
 * the option labelled "Visiteur" whatever its value; an option's French label counts as a label.
 */
export function searchTerms(query: string, fields: readonly RegistrationField[]): SearchTerm[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  return [...new Set(words)].map((text) => ({
    text,
    typo: typoWords(text)[0] === text ? text : null,
    options: fields
      .filter((field) => field.type === 'select')
      .map((field) => ({
        key: field.key,
        values: (field.options ?? [])
          .filter(
            (option) =>
              foldForSearch(option.label).includes(text) ||
              (option.label_fr !== undefined && foldForSearch(option.label_fr).includes(text)),
          )
          .map((option) => option.value),
      }))
      .filter((match) => match.values.length > 0),
  }));
}

/**
 * Whether two words are at most one edit apart: the same, or one letter missing, extra or wrong, or two
 * neighbouring letters swapped (the optimal string alignment distance, at most 1). Letters are code points.
 */
export function withinOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  if (x.length === y.length) {
    const differ = x.flatMap((letter, i) => (letter === y[i] ? [] : [i]));
    if (differ.length <= 1) return true;
    const [first, second] = differ as [number, number];
    return differ.length === 2 && second === first + 1 && x[first] === y[second] && x[second] === y[first];
  }
  const [longer, shorter] = x.length > y.length ? [x, y] : [y, x];
  let same = 0;
  while (same < shorter.length && longer[same] === shorter[same]) same++;
  return longer.slice(same + 1).join('') === shorter.slice(same).join('');
}
