import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '../../shared/api/client.ts';
import { CheckInIcon, ErrorIcon, SuccessIcon, WarningIcon } from '../../shared/components/Icons.tsx';
import { describeFailure } from '../../shared/components/Status.tsx';
import { t, wordsOf } from '../../shared/i18n/index.ts';
import type { Tone } from '../../kiosk/components/ResultPanel.tsx';
import { playOutcome } from '../../kiosk/components/outcome-sound.ts';
import { createRepeatFilter } from '../../kiosk/scan/repeat-filter.ts';
import { deskApi } from '../api/desk.ts';
import { SelectInput, TextInput } from '../shell/controls.tsx';
import { listsApi, type CheckInList, type ScanDirection } from '../api/lists.ts';
import { deskListAnswer } from '../lists/desk-answer.ts';
import { useExpireOn401 } from '../shell/session.tsx';
import { DeskCamera } from './DeskCamera.tsx';
import { serverText } from '../../shared/i18n/refusals.ts';

const words = wordsOf(() => t.dashboard.desk.scan);
const listWords = wordsOf(() => t.dashboard.lists.scan);

/** The same code again within this window is the same person still holding it up (the kiosk's window). */
const REPEAT_WINDOW_MS = 3_000;

const TONE_ICONS = {
  success: SuccessIcon,
  already: CheckInIcon,
  warning: WarningIcon,
  error: ErrorIcon,
} as const;

interface Outcome {
  tone: Tone;
  title: string;
  text: string;
  /** A refusal on a list that staff may overrule ("Admit anyway"). */
  forceable?: { attendeeId: string } | null;
}

/** What a scan's answer means at the desk, in the kiosk's four tones. */
function outcomeOf(error: ApiError): Outcome {
  switch (error.status) {
    case 409:
      return { tone: 'already', title: words.alreadyTitle, text: describeFailure(error) };
    case 404:
      return { tone: 'warning', title: words.notFoundTitle, text: describeFailure(error) };
    default:
      return { tone: 'error', title: words.refusedTitle, text: describeFailure(error) };
  }
}

/**
 * Check-in by code at the desk: a keyboard-wedge scanner types a person's check-in QR code (or profile QR code) into
 * the field and presses Enter, staff type the code printed under it, or the camera reads it, continuously, until it
 * is turned off. Each outcome has the kiosk's colour and sound, so a queue reads and hears it; the field empties for
 * the next person and keeps the cursor.
 */
export function DeskScan({
  eventId,
  timeZone,
  lists = [],
  onCheckedIn,
}: {
  eventId: string;
  timeZone: string;
  /** The event's check-in lists: staff may scan on one instead of checking in (the main entrance, as always). */
  lists?: CheckInList[];
  onCheckedIn: () => void;
}) {
  const [code, setCode] = useState('');
  const [listId, setListId] = useState('');
  const [direction, setDirection] = useState<ScanDirection>('entry');
  const list = lists.find((l) => l.id === listId) ?? null;
  const way = list?.exits_scanned ? direction : 'entry';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [camera, setCamera] = useState(false);
  const isApiError = useExpireOn401();
  const form = useRef<HTMLFormElement>(null);
  // Only the newest scan's answer is shown: a queue scanned fast answers in the order it was scanned.
  const latest = useRef(0);
  const repeats = useMemo(() => createRepeatFilter(REPEAT_WINDOW_MS), []);

  const checkIn = useCallback(
    async (scanned: string): Promise<boolean> => {
      const mine = ++latest.current;
      const show = (next: Outcome) => {
        if (mine !== latest.current) return;
        setOutcome(next);
        playOutcome(next.tone);
      };
      if (list) {
        try {
          const answer = deskListAnswer(
            await listsApi.scan(eventId, list.id, { code: scanned }, way, false),
            timeZone,
          );
          show(answer);
          if (answer.tone === 'success') onCheckedIn();
          return answer.tone === 'success';
        } catch (error) {
          if (isApiError(error)) show(outcomeOf(error));
          return false;
        }
      }
      try {
        const { message, data } = await deskApi.scan(eventId, scanned);
        show({
          tone: 'success',
          title: words.checkedInTitle,
          text: t.dashboard.desk.actions.result(data.name, serverText(message)),
        });
        onCheckedIn();
        return true;
      } catch (error) {
        if (isApiError(error)) show(outcomeOf(error));
        return false;
      }
    },
    [eventId, isApiError, onCheckedIn, list, way, timeZone],
  );

  /** Staff admit the person over the list's rule that refused them: recorded as forced. */
  const admitAnyway = async (attendeeId: string) => {
    if (!list || busy) return;
    setBusy(true);
    try {
      const answer = deskListAnswer(
        await listsApi.scan(eventId, list.id, { attendee_id: attendeeId }, 'entry', true),
        timeZone,
      );
      setOutcome(answer);
      playOutcome(answer.tone);
      if (answer.tone === 'success') onCheckedIn();
    } catch (error) {
      if (isApiError(error)) setOutcome(outcomeOf(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const scanned = code.trim();
    if (busy || !scanned) return;
    setBusy(true);
    try {
      if (await checkIn(scanned)) setCode('');
      // A code that did not check anyone in stays, selected, so the next scan replaces it.
      else form.current?.querySelector('input')?.select();
    } finally {
      setBusy(false);
    }
  };

  const onCameraCode = useCallback(
    (text: string) => {
      if (repeats.accept(text.trim())) void checkIn(text.trim());
    },
    [checkIn, repeats],
  );

  const Icon = outcome ? TONE_ICONS[outcome.tone] : null;
  return (
    <section className="dsection desk-scan" aria-labelledby="desk-scan">
      <h2 id="desk-scan">{words.heading}</h2>
      {lists.length > 1 && (
        <div className="event-pair desk-scan-lists">
          <SelectInput
            label={listWords.on}
            value={listId}
            onChange={(next) => {
              setListId(next);
              setOutcome(null);
            }}
            options={[
              { value: '', label: listWords.mainCheckIn },
              ...lists.map((l) => ({ value: l.id, label: l.name })),
            ]}
          />
          {list?.exits_scanned && (
            <SelectInput
              label={listWords.direction}
              value={direction}
              onChange={(next) => setDirection(next === 'exit' ? 'exit' : 'entry')}
              options={(['entry', 'exit'] as const).map((d) => ({
                value: d,
                label: listWords.directions[d],
              }))}
            />
          )}
        </div>
      )}
      <form ref={form} className="desk-scan-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextInput
          label={words.label}
          hint={words.hint}
          value={code}
          onChange={setCode}
          autoComplete="off"
          spellCheck={false}
          maxLength={512}
        />
        <div className="dactions">
          <button type="submit" className="dbutton dbutton--primary" aria-disabled={busy || undefined}>
            {list ? listWords.submit : words.submit}
          </button>
          <button
            type="button"
            className="dbutton"
            aria-pressed={camera}
            aria-controls="desk-camera"
            onClick={() => {
              repeats.reset();
              setCamera((on) => !on);
            }}
          >
            {words.camera}
          </button>
        </div>
      </form>
      <div id="desk-camera">{camera && <DeskCamera onCode={onCameraCode} />}</div>
      {outcome && Icon && (
        <div
          className={`result result--${outcome.tone} desk-scan-outcome`}
          role={outcome.tone === 'success' ? 'status' : 'alert'}
          data-testid="desk-scan-outcome"
          data-tone={outcome.tone}
        >
          <Icon size={32} />
          <div>
            <p className="desk-scan-outcome-title">{outcome.title}</p>
            <p>{outcome.text}</p>
            {outcome.forceable && (
              <button
                type="button"
                className="dbutton"
                aria-disabled={busy || undefined}
                onClick={() => void admitAnyway(outcome.forceable!.attendeeId)}
              >
                {listWords.force}
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
