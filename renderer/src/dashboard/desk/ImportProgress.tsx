import { t, wordsOf } from '../../shared/i18n/index.ts';

const words = wordsOf(() => t.dashboard.desk.import);
export const IMPORT_STAGES = ['read', 'map', 'send'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number] | 'done';

/**
 * Where the import stands, as steps rather than percentages: the browser reads and maps the file, then sends it in
 * one request that the server checks as a whole, so there is no honest "42 %" to show in between.
 */
export function ImportProgress({ stage, detail }: { stage: ImportStage; detail?: string | undefined }) {
  const done = stage === 'done' ? IMPORT_STAGES.length : IMPORT_STAGES.indexOf(stage);
  const text =
    stage === 'done'
      ? words.stages.done!
      : words.stepOf(done + 1, IMPORT_STAGES.length, words.stages[stage]!);
  return (
    <div className="import-steps">
      <progress
        max={IMPORT_STAGES.length}
        value={done}
        aria-label={words.progressLabel}
        aria-valuetext={text}
      />
      <p role="status" data-testid="import-stage">
        {text}
        {detail && ` ${detail}`}
      </p>
    </div>
  );
}
