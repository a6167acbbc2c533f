import type { RegistrationField } from '../../shared/api/types.ts';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import type { ImportRowError } from '../api/desk.ts';
import { dashboardFieldText, refusalText } from '../../shared/i18n/refusals.ts';

const words = wordsOf(() => t.dashboard.desk.import);
/** Enough to fix a file by; a file with thousands of bad rows is better fixed by its column mapping. */
const SHOWN = 200;

export interface ReportLine {
  fileRow: number;
  field: string;
  message: string;
}

/** The server's per-row refusal, pointed at the file: rows sent are numbered from 1, the file has a header. */
export function reportLines(
  refused: readonly ImportRowError[],
  fileRows: readonly number[],
  fields: readonly RegistrationField[],
): ReportLine[] {
  const label = (key: string) => fields.find((f) => f.key === key)?.label ?? words.rowWide;
  return refused.flatMap(({ row, errors }) =>
    Object.entries(errors).flatMap(([key, messages]) =>
      messages.map((message) => ({ fileRow: fileRows[row - 1] ?? row, field: label(key), message })),
    ),
  );
}

/** The rows refused (nothing imported), or with `skipped` the rows left out of an import of the good ones. */
export function ImportReport({
  rows,
  lines,
  skipped = false,
}: {
  rows: number;
  lines: ReportLine[];
  skipped?: boolean;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="dsection" aria-labelledby="import-report" data-testid="import-report">
      <h2 id="import-report" ref={heading} tabIndex={-1}>
        {skipped ? words.skippedHeading : words.reportHeading}
      </h2>
      <p>{skipped ? words.skippedIntro(rows) : words.reportIntro(rows)}</p>
      <div className="import-table-wrap">
        <table className="dtable">
          <caption className="visually-hidden">{words.reportCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{words.row}</th>
              <th scope="col">{words.reportField}</th>
              <th scope="col">{words.reportMessage}</th>
            </tr>
          </thead>
          <tbody>
            {lines.slice(0, SHOWN).map((line, index) => (
              <tr key={index}>
                <th scope="row">{line.fileRow}</th>
                <td>{line.field}</td>
                <td>{line.field ? dashboardFieldText(line.message) : refusalText(422, line.message)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {lines.length > SHOWN && <p>{words.reportMore(lines.length - SHOWN)}</p>}
    </section>
  );
}
