import type { RegistrationField } from '../../shared/api/types.ts';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { IGNORE, type ColumnMapping as Mapping } from './import-mapping.ts';

const words = wordsOf(() => t.dashboard.desk.import);

/** Each column of the file, its first value, and the registration field it fills (or none). */
export function ColumnMapping({
  headers,
  firstRow,
  fields,
  mapping,
  onChange,
}: {
  headers: string[];
  firstRow: string[] | undefined;
  fields: readonly RegistrationField[];
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
}) {
  const columnName = (index: number) => headers[index]?.trim() || words.unnamedColumn(index + 1);
  return (
    <div className="import-table-wrap">
      <table className="dtable import-mapping">
        <caption className="visually-hidden">{words.mappingHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{words.column}</th>
            <th scope="col">{words.firstValue}</th>
            <th scope="col">{words.field}</th>
          </tr>
        </thead>
        <tbody>
          {headers.map((_, index) => (
            <tr key={index}>
              <th scope="row">{columnName(index)}</th>
              <td>{firstRow?.[index]}</td>
              <td>
                <select
                  aria-label={words.columnLabel(columnName(index))}
                  value={mapping[index] ?? IGNORE}
                  onChange={(e) => onChange(mapping.map((key, i) => (i === index ? e.target.value : key)))}
                >
                  <option value={IGNORE}>{words.ignore}</option>
                  {fields.map((field) => (
                    <option key={field.key} value={field.key}>
                      {words.fieldOption(field.label, field.key)}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
