/**
 * A CSV reader after RFC 4180, forgiving where spreadsheets are: fields in double quotes may hold commas, line
 * breaks and doubled quotes (`""`); lines end in CRLF, LF or CR; a UTF-8 byte order mark is dropped; the last line
 * may or may not end in a line break. Excel in many European locales writes semicolons, so a header line with more
 * semicolons than commas (outside quotes) switches the separator. Pure: no DOM, unit-tested in test/unit/csv.test.ts.
 */
export type CsvResult =
  | { ok: true; records: string[][] }
  /** A quote opened on `record` (1-based) and never closed: the rest of the file would be one field. */
  | { ok: false; problem: 'unclosed_quote'; record: number };

const BOM = '\uFEFF';

/** `,` unless the first line (outside quotes) has more `;` than `,`. */
export function detectSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

export function parseCsv(input: string, separator: ',' | ';' = detectSeparator(input)): CsvResult {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let quoteOpenedIn = 0;
  // Whether the current record has begun: a last line of just `""` is a record, a final line break is not.
  let started = false;
  let i = 0;

  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
    started = false;
  };

  while (i < text.length) {
    const char = text[i]!;
    started = true;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      quoteOpenedIn = records.length + 1;
    } else if (char === separator) {
      endField();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else {
      // A stray quote inside an unquoted field, or text after a closing quote, is kept as written.
      field += char;
    }
    i += 1;
  }
  if (quoted) return { ok: false, problem: 'unclosed_quote', record: quoteOpenedIn };
  if (started) endRecord();
  return { ok: true, records };
}

/** A record with nothing in it: a blank line, or a line of separators a spreadsheet left behind. */
export function isBlankRecord(record: readonly string[]): boolean {
  return record.every((value) => value.trim() === '');
}
