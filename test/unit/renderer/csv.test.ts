import { describe, expect, it } from 'vitest';
import { detectSeparator, isBlankRecord, parseCsv } from '../../../renderer/src/dashboard/desk/csv.ts';
import {
  buildImportRows,
  guessMapping,
  IGNORE,
  mappingProblems,
} from '../../../renderer/src/dashboard/desk/import-mapping.ts';
import type { RegistrationField } from '../../../renderer/src/shared/api/types.ts';

const records = (text: string) => {
  const result = parseCsv(text);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.records;
};

describe('parseCsv', () => {
  it('reads plain fields and lines', () => {
    expect(records('email,first_name\nada@example.com,Ada\n')).toEqual([
      ['email', 'first_name'],
      ['ada@example.com', 'Ada'],
    ]);
  });

  it('takes CRLF, LF and lone CR as line ends, and a last line without one', () => {
    expect(records('a,b\r\n1,2\n3,4\r5,6')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    expect(
      records('name,notes\r\n"Lovelace, Ada","Line one\r\nline two"\n"Grace ""Amazing"" Hopper",x\n'),
    ).toEqual([
      ['name', 'notes'],
      ['Lovelace, Ada', 'Line one\r\nline two'],
      ['Grace "Amazing" Hopper', 'x'],
    ]);
  });

  it('drops a UTF-8 byte order mark, so the first header matches', () => {
    expect(records('\uFEFFemail,name\n')).toEqual([['email', 'name']]);
  });

  it('keeps empty fields, quoted or not, at any position', () => {
    expect(records(',a,,""\n""')).toEqual([['', 'a', '', ''], ['']]);
  });

  it('reads a blank line as a blank record, which isBlankRecord recognises', () => {
    const result = records('a,b\n\n1,2\n ,\n');
    expect(result).toEqual([['a', 'b'], [''], ['1', '2'], [' ', '']]);
    expect(result.map(isBlankRecord)).toEqual([false, true, false, true]);
  });

  it('keeps a stray quote inside an unquoted field as written', () => {
    expect(records('5" screen,O"Brien\n')).toEqual([['5" screen', 'O"Brien']]);
  });

  it('refuses a quote that never closes, naming the record it opened in', () => {
    expect(parseCsv('a,b\n1,2\n"unfinished,3\n4,5\n')).toEqual({
      ok: false,
      problem: 'unclosed_quote',
      record: 3,
    });
  });

  it('reads an empty file as no records', () => {
    expect(records('')).toEqual([]);
    expect(records('\uFEFF')).toEqual([]);
  });

  it('reads semicolon files (Excel in many locales) when the header says so', () => {
    expect(detectSeparator('email;name;"a,b"\n')).toBe(';');
    expect(detectSeparator('email,name;x\n')).toBe(',');
    expect(records('email;name\nada@example.com;"Lovelace; Ada"\n')).toEqual([
      ['email', 'name'],
      ['ada@example.com', 'Lovelace; Ada'],
    ]);
  });

  it('reads 10,000 rows quickly', () => {
    const text = [
      'email,name',
      ...Array.from({ length: 10_000 }, (_, i) => `p${i}@example.com,"P, ${i}"`),
    ].join('\r\n');
    const started = performance.now();
    const result = records(text);
    expect(result).toHaveLength(10_001);
    expect(result[10_000]).toEqual(['p9999@example.com', 'P, 9999']);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

const FIELDS: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'First name', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', type: 'text', required: true },
  { key: 'company', label: 'Company', type: 'text', required: false },
];

describe('import column mapping', () => {
  it('matches columns to fields by key or label, whatever the case and punctuation', () => {
    expect(guessMapping(['E-mail', 'First Name', 'last_name', 'Notes', 'EMAIL'], FIELDS)).toEqual([
      'email',
      'first_name',
      'last_name',
      IGNORE,
      // A field feeds from one column only: the second email column is left for the person to decide.
      IGNORE,
    ]);
  });

  it('knows French and German headers, accents and all', () => {
    expect(guessMapping(['Prénom', 'Nom', 'Société', 'E-mail'], FIELDS)).toEqual([
      'first_name',
      'last_name',
      'company',
      'email',
    ]);
    expect(guessMapping(['Vorname', 'Nachname', 'Firma', 'E-Mail-Adresse'], FIELDS)).toEqual([
      'first_name',
      'last_name',
      'company',
      'email',
    ]);
    // An event's own label wins: here "Nom" is the company's field, not the last name.
    const own = FIELDS.map((field) => (field.key === 'company' ? { ...field, label: 'Nom' } : field));
    expect(guessMapping(['Nom', 'Nachname'], own)).toEqual(['company', 'last_name']);
  });

  it('names required fields no column feeds, and fields chosen twice', () => {
    expect(mappingProblems(['email', 'email', IGNORE], FIELDS)).toEqual({
      missing: [FIELDS[1], FIELDS[2]],
      repeated: [FIELDS[0]],
    });
    expect(mappingProblems(['email', 'first_name', 'last_name'], FIELDS)).toEqual({
      missing: [],
      repeated: [],
    });
  });

  it('builds rows of the mapped, trimmed, non-empty answers with their row number in the file', () => {
    const file = [
      ['Email', 'Notes', 'First name', 'Company'],
      ['ada@example.com', 'x', ' Ada ', ''],
      [''],
      ['grace@example.com', 'y', 'Grace', 'Navy'],
    ];
    expect(buildImportRows(file, ['email', IGNORE, 'first_name', 'company'])).toEqual({
      rows: [
        { email: 'ada@example.com', first_name: 'Ada' },
        { email: 'grace@example.com', first_name: 'Grace', company: 'Navy' },
      ],
      fileRows: [2, 4],
    });
  });
});
