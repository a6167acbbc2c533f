import type { RegistrationField } from '../../shared/api/types.ts';
import { isBlankRecord } from './csv.ts';

/**
 * From a parsed CSV file to the rows the import endpoint takes: which column feeds which registration field, and
 * which line of the file each row came from, so the server's per-row report points at the file. Pure.
 */

/** One entry per CSV column: the field key it feeds, or IGNORE. */
export type ColumnMapping = string[];
export const IGNORE = '';

const normalize = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each column matched to the field whose key or label it names ("First name", "first_name", "FIRST NAME"). */
export function guessMapping(
  headers: readonly string[],
  fields: readonly RegistrationField[],
): ColumnMapping {
  const taken = new Set<string>();
  return headers.map((header) => {
    const name = normalize(header);
    const field = fields.find(
      (f) => !taken.has(f.key) && name !== '' && (normalize(f.key) === name || normalize(f.label) === name),
    );
    if (!field) return IGNORE;
    taken.add(field.key);
    return field.key;
  });
}

export interface MappingProblems {
  /** Required fields no column feeds: every row would be refused. */
  missing: RegistrationField[];
  /** Fields chosen for more than one column: which one wins would be a guess. */
  repeated: RegistrationField[];
}

export function mappingProblems(
  mapping: ColumnMapping,
  fields: readonly RegistrationField[],
): MappingProblems {
  const uses = (key: string) => mapping.filter((k) => k === key).length;
  return {
    missing: fields.filter((f) => f.required && uses(f.key) === 0),
    repeated: fields.filter((f) => uses(f.key) > 1),
  };
}

export interface ImportRows {
  rows: Record<string, string>[];
  /** For rows[i], its row number in the file as a spreadsheet shows it (the header is row 1). */
  fileRows: number[];
}

/** Every record after the header, blank ones left out, as field answers; empty answers are left out too. */
export function buildImportRows(records: readonly string[][], mapping: ColumnMapping): ImportRows {
  const rows: Record<string, string>[] = [];
  const fileRows: number[] = [];
  records.forEach((record, index) => {
    if (index === 0 || isBlankRecord(record)) return;
    const row: Record<string, string> = {};
    mapping.forEach((key, column) => {
      const value = record[column]?.trim() ?? '';
      if (key !== IGNORE && value !== '') row[key] = value;
    });
    rows.push(row);
    fileRows.push(index + 1);
  });
  return { rows, fileRows };
}
