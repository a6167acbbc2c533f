import type { RegistrationField } from '../contract/vocabulary.ts';
import { foldForSearch } from '../platform/search-text.ts';

/**
 * How the desk reads a query. The stored side is `attendeeSearchText` (platform/search-text.ts), folded the same
 * way; the SQL that matches one against the other is `attendeesRepository`'s `searchClause`.
 */

/** One word of a query: the folded text to find, and the select answers whose option label contains it. */
export interface SearchTerm {
  text: string;
  options: { key: string; values: string[] }[];
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
