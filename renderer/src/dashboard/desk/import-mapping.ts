import type { RegistrationField } from '../../shared/api/types.ts';
import { isBlankRecord } from './csv.ts';

/**
 * From a parsed CSV file to the rows the import endpoint takes: which column feeds which registration field, and
 * which line of the file each row came from, so the server's per-row report points at the file. Pure.
 */

/** One entry per CSV column: the field key it feeds, or IGNORE. */
export type ColumnMapping = string[];
export const IGNORE = '';

/** Accents, case and punctuation dropped: "Prénom", "PRENOM" and "pré-nom" are one name. */
const normalize = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');

/**
 * What venues' spreadsheets call the usual fields, in English, French and German, by the key the event's field
 * has (event.input.ts's defaults and the people fields), normalised.
 */
const HEADER_NAMES: Record<string, string[]> = {
  email: ['email', 'mail', 'emailaddress', 'courriel', 'adresseemail', 'adressemail', 'emailadresse'],
  first_name: ['firstname', 'givenname', 'forename', 'prenom', 'vorname'],
  last_name: ['lastname', 'surname', 'familyname', 'nom', 'nomdefamille', 'nachname', 'familienname'],
  company: [
    'company',
    'organization',
    'organisation',
    'employer',
    'societe',
    'entreprise',
    'firma',
    'unternehmen',
  ],
  job_title: ['jobtitle', 'title', 'position', 'fonction', 'poste', 'titre', 'berufsbezeichnung', 'jobtitel'],
  phone: ['phone', 'telephone', 'mobile', 'telefon', 'handy', 'portable'],
};

/** Whether a column header names this field: by its key, its label, or what spreadsheets call it. */
function names(field: RegistrationField, header: string): boolean {
  return (
    normalize(field.key) === header ||
    normalize(field.label) === header ||
    (HEADER_NAMES[field.key]?.includes(header) ?? false)
  );
}

/**
 * Each column matched to the field it names ("First name", "first_name", "FIRST NAME", "Prénom", "Vorname"): a key
 * or label first, so an event's own words win over the usual names.
 */
export function guessMapping(
  headers: readonly string[],
  fields: readonly RegistrationField[],
): ColumnMapping {
  const taken = new Set<string>();
  return headers.map((header) => {
    const name = normalize(header);
    const free = fields.filter((f) => !taken.has(f.key) && name !== '');
    const field =
      free.find((f) => normalize(f.key) === name || normalize(f.label) === name) ??
      free.find((f) => names(f, name));
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
