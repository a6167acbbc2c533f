import { describe, expect, it } from 'vitest';
import { searchTerms, withinOneEdit } from '../../server/attendees/search.rules.ts';
import { deletionKeys, typoWords } from '../../server/platform/search-text.ts';

describe('one edit between two words', () => {
  it.each([
    ['bertrand', 'bertrand'],
    ['bertrand', 'bertand'], // a letter missing
    ['bertrand', 'berttrand'], // a letter extra
    ['bertrand', 'bertrond'], // a letter wrong
    ['bertrand', 'betrrand'], // two neighbours swapped
    ['bertrand', 'ertrand'], // the first letter missing
    ['bertrand', 'bertran'], // the last letter missing
    ['bertrand', 'bertradn'], // the last two swapped
  ])('%s and %s are', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(true);
    expect(withinOneEdit(b, a)).toBe(true);
  });

  it.each([
    ['bertrand', 'bertnd'],
    ['bertrand', 'brtrnd'],
    ['abcde', 'bcdea'], // share a deletion key, but are two edits apart
    ['bertrand', 'rebtrand'], // swapped, but not neighbours
    ['dupont', 'dupnat'],
  ])('%s and %s are not', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(false);
    expect(withinOneEdit(b, a)).toBe(false);
  });

  it('share a deletion key whenever they are', () => {
    for (const [a, b] of [
      ['bertrand', 'bertand'],
      ['bertrand', 'bertrond'],
      ['bertrand', 'betrrand'],
      ['bertrand', 'berttrand'],
    ] as const) {
      const keys = new Set(deletionKeys(a));
      expect(deletionKeys(b).some((key) => keys.has(key))).toBe(true);
    }
  });
});

describe("a name's typo words and their keys", () => {
  it('are the words of 4 letters or more, folded, each under itself and each word a letter shorter', () => {
    expect(typoWords("Zoë O'Brien-Ångström de la Tour")).toEqual(['brien', 'angstrom', 'tour']);
    expect(deletionKeys('anna')).toEqual(['anna', 'nna', 'ana', 'ann']);
    expect(typoWords('Ada Ruiz')).toEqual(['ruiz']);
    expect(deletionKeys('ruiz')).toEqual(['ruiz', 'uiz', 'riz', 'ruz', 'rui']);
  });

  it('take a query word of 4 letters or more, all letters, as one a typo may be in', () => {
    expect(searchTerms('Bertand ada jean-luc 1234 hélène', []).map((term) => [term.text, term.typo])).toEqual(
      [
        ['bertand', 'bertand'],
        ['ada', null],
        ['jean-luc', null],
        ['1234', null],
        ['helene', 'helene'],
      ],
    );
  });
});
