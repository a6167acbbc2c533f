/**
 * CSV for spreadsheets, safe to open however the spreadsheet splits it. Attendee answers are typed by the public, and
 * a cell that starts with `=`, `+`, `-`, `@`, tab or CR runs as a formula. Every field is quoted, but a spreadsheet
 * in a German or French locale splits a `.csv` on `;`, and some readers split on tabs or ignore quotes and line
 * breaks inside them: to those, a cell can start after any `,`, `;`, tab, CR or LF inside a value, and after the
 * quote characters that open a field. So a formula character at any such place gets a leading apostrophe, which
 * every spreadsheet reads as "this is text".
 */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);
const CELL_BOUNDARY = new Set([',', ';', '\t', '\r', '\n']);

/** `value` with an apostrophe before every formula character that could start a cell under any separator. */
export function defuseFormulas(value: string): string {
  let out = '';
  let atCellStart = true;
  for (const char of value) {
    if (atCellStart && FORMULA_START.has(char)) out += "'";
    out += char;
    // A quote right at a cell's start is read as the field's opening quote, so the cell still starts after it.
    atCellStart = CELL_BOUNDARY.has(char) || (atCellStart && char === '"');
  }
  return out;
}

export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${defuseFormulas(text).replaceAll('"', '""')}"`;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Put before a CSV file's text so that Excel reads it as UTF-8 and keeps its accents. */
export const UTF8_BOM = '\uFEFF';

/**
 * A `Content-Disposition` for downloading `name` (without its extension): an ASCII `filename` for old clients, and
 * the name with its accented letters as `filename*` (RFC 5987, RFC 6266), which browsers prefer.
 */
export function attachmentDisposition(name: string, extension: string, fallback: string): string {
  const safe = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim() || fallback;
  const ascii =
    safe
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || fallback;
  const encoded = encodeURIComponent(`${safe}.${extension}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}`;
}
