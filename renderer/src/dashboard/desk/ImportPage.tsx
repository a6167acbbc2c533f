import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { type ApiError } from '../../shared/api/client.ts';
import type { RegistrationField } from '../../shared/api/types.ts';
import { describeFailure, Loading, Problem } from '../../shared/components/Status.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import { followLink, paths } from '../../shared/router.ts';
import { deskApi, importRefusalRows, type DeskEvent, type ImportMode } from '../api/desk.ts';
import { Notice } from '../shell/controls.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useDashboardLoad, useExpireOn401 } from '../shell/session.tsx';
import { ColumnMapping } from './ColumnMapping.tsx';
import { isBlankRecord, parseCsv } from './csv.ts';
import {
  buildImportRows,
  guessMapping,
  mappingProblems,
  type ColumnMapping as Mapping,
} from './import-mapping.ts';
import { ImportPreview } from './ImportPreview.tsx';
import { ImportProgress, type ImportStage } from './ImportProgress.tsx';
import { ImportReport, reportLines, type ReportLine } from './ImportReport.tsx';
import './desk.css';

const words = wordsOf(() => t.dashboard.desk.import);
/** The server's limit (MAX_IMPORT_ROWS), told before sending rather than after. */
const MAX_ROWS = 10_000;

interface ParsedFile {
  name: string;
  records: string[][];
  dataRows: number;
}

type Result =
  | { kind: 'imported'; count: number; skipped: number; lines: ReportLine[] }
  | { kind: 'refused'; rows: number; lines: ReportLine[] }
  | { kind: 'failed'; message: string };

/**
 * `/dashboard/events/{id}/import`, owners only: attendees from a CSV file, all or nothing, or the good rows with a
 * report of the rest.
 */
export function ImportPage({ eventId }: { eventId: string }) {
  const load = useDashboardLoad((signal) => deskApi.event(eventId, signal), [eventId]);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') return <Problem message={describeFailure(load.error)} />;
  return <Importer event={load.data} />;
}

/** Reads the chosen file and parses it; a message for a file that cannot be imported at all. */
async function readCsv(file: File): Promise<ParsedFile | string> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return words.unreadable;
  }
  const parsed = parseCsv(text);
  if (!parsed.ok) return words.unclosedQuote(parsed.record);
  const records = parsed.records;
  if (records.length === 0) return words.empty;
  const dataRows = records.slice(1).filter((record) => !isBlankRecord(record)).length;
  if (dataRows === 0) return words.noRows;
  if (dataRows > MAX_ROWS) return words.tooMany(MAX_ROWS);
  return { name: file.name, records, dataRows };
}

function Importer({ event }: { event: DeskEvent }) {
  const fields = event.registration_fields;
  const deskPath = paths.dashboard({ name: 'desk', eventId: event.id });
  const [file, setFile] = useState<ParsedFile | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Mapping>([]);
  const [stage, setStage] = useState<ImportStage>('read');
  const [result, setResult] = useState<Result | null>(null);
  const [mode, setMode] = useState<ImportMode>('all_or_nothing');
  const isApiError = useExpireOn401();
  const inputId = useId();

  const rows = useMemo(() => (file ? buildImportRows(file.records, mapping) : null), [file, mapping]);
  const problems = mappingProblems(mapping, fields);
  const blocked = problems.missing.length > 0 || problems.repeated.length > 0;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.currentTarget.files?.[0];
    if (!chosen) return;
    setResult(null);
    setFile(null);
    setStage('read');
    const parsed = await readCsv(chosen);
    if (typeof parsed === 'string') {
      setFileProblem(parsed);
      return;
    }
    setFileProblem(null);
    setFile(parsed);
    setMapping(guessMapping(parsed.records[0]!, fields));
    setStage('map');
  };

  const send = async () => {
    if (!rows || blocked || stage === 'send') return;
    setResult(null);
    setStage('send');
    try {
      const { imported, skipped = [] } = await deskApi.importRows(event.id, rows.rows, mode);
      setResult({
        kind: 'imported',
        count: imported,
        skipped: skipped.length,
        lines: reportLines(skipped, rows.fileRows, fields),
      });
      setFile(null);
      setStage('done');
    } catch (error) {
      setStage('map');
      if (!isApiError(error)) return;
      setResult(refusal(error, rows.fileRows, fields));
    }
  };

  return (
    <>
      <PageHeader
        title={words.pageTitle(event.name)}
        intro={words.intro}
        actions={
          <a className="dbutton" href={deskPath} onClick={followLink}>
            {words.backToDesk}
          </a>
        }
      />
      <div className="dfield import-file">
        <label htmlFor={inputId}>{words.file}</label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${inputId}-hint`}
          disabled={stage === 'send'}
          // Cleared as the dialog opens, so the same file chosen again after fixing it still counts as a change.
          onClick={(e) => {
            e.currentTarget.value = '';
          }}
          onChange={(e) => void choose(e)}
        />
        <p id={`${inputId}-hint`} className="dfield-hint">
          {file ? words.chosen(file.name, file.dataRows) : words.fileHint}
        </p>
      </div>
      {fileProblem && <Notice tone="error">{fileProblem}</Notice>}
      {(file || stage === 'done') && (
        <ImportProgress
          stage={stage}
          detail={stage === 'send' && rows ? words.sending(rows.rows.length) : undefined}
        />
      )}
      {result?.kind === 'imported' && <Imported count={result.count} deskPath={deskPath} />}
      {result?.kind === 'imported' && result.skipped > 0 && (
        <ImportReport rows={result.skipped} lines={result.lines} skipped />
      )}
      {result?.kind === 'failed' && <Notice tone="error">{result.message}</Notice>}
      {result?.kind === 'refused' && <ImportReport rows={result.rows} lines={result.lines} />}

      {file && rows && (
        <>
          <section className="dsection" aria-labelledby="import-mapping">
            <h2 id="import-mapping">{words.mappingHeading}</h2>
            <p className="muted">{words.mappingIntro}</p>
            <ColumnMapping
              headers={file.records[0]!}
              firstRow={file.records.slice(1).find((record) => !isBlankRecord(record))}
              fields={fields}
              mapping={mapping}
              onChange={setMapping}
            />
            <MappingProblems missing={problems.missing} repeated={problems.repeated} />
          </section>
          <section className="dsection" aria-labelledby="import-preview">
            <h2 id="import-preview">{words.previewHeading}</h2>
            <ImportPreview rows={rows} fields={fields} />
            <fieldset className="dfieldset import-mode">
              <legend>{words.modeLegend}</legend>
              {(['all_or_nothing', 'valid_rows'] as const).map((option) => (
                <div className="dcheck" key={option}>
                  <input
                    id={`${inputId}-${option}`}
                    type="radio"
                    name={`${inputId}-mode`}
                    checked={mode === option}
                    onChange={() => setMode(option)}
                  />
                  <label htmlFor={`${inputId}-${option}`}>{words.modes[option]}</label>
                </div>
              ))}
            </fieldset>
            <button
              type="button"
              className="dbutton dbutton--primary"
              aria-disabled={blocked || stage === 'send' || undefined}
              onClick={() => void send()}
            >
              {words.submit(rows.rows.length)}
            </button>
          </section>
        </>
      )}
    </>
  );
}

function refusal(error: ApiError, fileRows: number[], fields: readonly RegistrationField[]): Result {
  const refused = importRefusalRows(error);
  if (refused.length === 0) return { kind: 'failed', message: describeFailure(error) };
  return { kind: 'refused', rows: refused.length, lines: reportLines(refused, fileRows, fields) };
}

function MappingProblems({
  missing,
  repeated,
}: {
  missing: RegistrationField[];
  repeated: RegistrationField[];
}) {
  if (missing.length === 0 && repeated.length === 0) return null;
  const names = (list: RegistrationField[]) => list.map((f) => f.label).join(', ');
  return (
    <Notice tone="error">
      <div className="import-problems">
        {missing.length > 0 && <p>{words.missing(names(missing))}</p>}
        {repeated.length > 0 && <p>{words.repeated(names(repeated))}</p>}
      </div>
    </Notice>
  );
}

function Imported({ count, deskPath }: { count: number; deskPath: string }) {
  const heading = useFocusOnMount<HTMLParagraphElement>();
  return (
    <Notice tone="success">
      <p ref={heading} tabIndex={-1}>
        {words.imported(count)}
      </p>
      <a href={deskPath} onClick={followLink}>
        {words.backToDesk}
      </a>
    </Notice>
  );
}
