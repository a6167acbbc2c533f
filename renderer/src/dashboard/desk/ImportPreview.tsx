import type { RegistrationField } from '../../shared/api/types.ts';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import type { ImportRows } from './import-mapping.ts';

const words = wordsOf(() => t.dashboard.desk.import);
const PREVIEW_ROWS = 5;

/** The first rows as the server will get them: one column per mapped field, with the file's row number. */
export function ImportPreview({ rows, fields }: { rows: ImportRows; fields: readonly RegistrationField[] }) {
  const mapped = fields.filter((field) => rows.rows.some((row) => field.key in row));
  const shown = rows.rows.slice(0, PREVIEW_ROWS);
  return (
    <div className="import-table-wrap">
      <table className="dtable" data-testid="import-preview">
        <caption>{words.previewCaption(shown.length, rows.rows.length)}</caption>
        <thead>
          <tr>
            <th scope="col">{words.row}</th>
            {mapped.map((field) => (
              <th key={field.key} scope="col">
                {field.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => (
            <tr key={rows.fileRows[index]}>
              <th scope="row">{rows.fileRows[index]}</th>
              {mapped.map((field) => (
                <td key={field.key}>{row[field.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
