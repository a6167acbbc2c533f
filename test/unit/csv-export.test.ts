import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../renderer/src/dashboard/desk/csv.ts';
import { csvCell, toCsv } from '../../server/platform/csv.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The cells a reader that ignores quotes sees in `csv`: split into lines on LF or CR, then on `separator`. A quote
 * that opens a field is not part of the cell's text to a quote-aware reader, so leading quotes are dropped.
 */
function naiveCells(csv: string, separator: string): string[] {
  return csv
    .split(/\r\n|\n|\r/)
    .flatMap((line) => line.split(separator))
    .map((cell) => cell.replace(/^"+/, ''));
}

describe('CSV export cells', () => {
  it('quotes every field, empty ones and numbers included', () => {
    expect(
      toCsv([
        ['id', 'email', 'n'],
        ['a1', '', 7],
        [null, undefined, 'x'],
      ]),
    ).toBe('"id","email","n"\r\n"a1","","7"\r\n"","","x"\r\n');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it('defuses a formula at the start of a value', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    expect(csvCell('Ada')).toBe('"Ada"');
  });

  it("defuses `x;=1+1;` so that a `;`-separated reader's cell is not =1+1", () => {
    const csv = toCsv([['x;=1+1;', 'Smith']]);
    expect(csv).toBe(`"x;'=1+1;","Smith"\r\n`);
    expect(naiveCells(csv, ';')).toEqual(['x', "'=1+1", ',"Smith"', '']);
  });

  it('defuses a formula after a comma, a tab, a line break, or quotes that open a cell', () => {
    expect(csvCell('a,-2')).toBe(`"a,'-2"`);
    expect(csvCell('a\t@SUM(1)')).toBe(`"a\t'@SUM(1)"`);
    expect(csvCell('a\n+1')).toBe(`"a\n'+1"`);
    expect(csvCell('a;"=1')).toBe(`"a;""'=1"`);
    // Not at a cell start: left as typed.
    expect(csvCell('1+1=2, a-b')).toBe('"1+1=2, a-b"');
  });

  it('never lets any reader, splitting on `,`, `;` or tab and ignoring quotes, see a cell that starts a formula', () => {
    const hostile = fc.string({
      unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', ';', '"', 'x', ' '),
    });
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), (values) => {
        const csv = toCsv([values]);
        for (const separator of [',', ';', '\t']) {
          for (const cell of naiveCells(csv, separator)) expect(cell).not.toMatch(FORMULA_START);
        }
      }),
    );
  });

  it('reads back through a careful CSV reader (the import page reader) as the values with the apostrophes added', () => {
    const values = ['Ada', 'Smith, Jr.', 'x;=1+1;', 'say "hi"', 'two\nlines', ''];
    expect(parseCsv(toCsv([values]), ',')).toEqual({
      ok: true,
      records: [['Ada', 'Smith, Jr.', "x;'=1+1;", 'say "hi"', 'two\nlines', '']],
    });
  });
});
