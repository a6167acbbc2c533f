import { format, t } from '../../shared/i18n/index.ts';
import type { Tone } from '../../kiosk/components/ResultPanel.tsx';
import type { ListScan } from '../api/lists.ts';
import { oneOf } from './list-draft.ts';

/** What a scan on a list means at the desk: the kiosk's tones, a title, a sentence for staff. */
export interface DeskListAnswer {
  tone: Tone;
  title: string;
  text: string;
  /** Refused over a rule staff may overrule: who to admit anyway. */
  forceable: { attendeeId: string } | null;
}

/** The refusals staff may admit over (the contract's `force`); never an unknown code, a cancellation or a pending one. */
const FORCEABLE = new Set(['not_on_list', 'not_now', 'already_entered', 'full']);

export function deskListAnswer({ data }: ListScan, timeZone: string): DeskListAnswer {
  const words = t.dashboard.lists.scan;
  const name = data.attendee?.name ?? '';
  const list = data.list.name;
  const when = (iso: string) => format.dateTime(iso, timeZone);
  const title = data.forced ? words.forcedTitle : words.titles[data.result];
  const answer = (tone: Tone, text: string): DeskListAnswer => ({
    tone,
    title,
    text: data.forced ? `${text} ${words.forcedNote}` : text,
    forceable: FORCEABLE.has(data.result) && data.attendee ? { attendeeId: data.attendee.id } : null,
  });
  switch (data.result) {
    case 'admitted':
      return answer('success', words.welcome(name, list));
    case 'reentered':
      return answer('success', words.welcomeBack(name, list));
    case 'exit_recorded':
      return answer('success', words.goodbye(name, list));
    case 'unknown_code':
      return answer('warning', words.unknownCode);
    case 'canceled':
      return answer('error', words.canceled(name));
    case 'pending':
      return answer('error', words.pending(name));
    case 'not_on_list': {
      const elsewhere = data.belongs_to.map((other) => other.name);
      return answer('error', words.notOnList(name, list, elsewhere.length > 0 ? oneOf(elsewhere) : null));
    }
    case 'not_now':
      return answer('warning', data.opens_at ? words.opensAt(list, when(data.opens_at)) : words.closed(list));
    case 'already_entered':
      return answer('already', words.alreadyEntered(name, data.entered_at ? when(data.entered_at) : '—'));
    case 'full':
      return answer('error', words.full(list, data.capacity));
  }
}
