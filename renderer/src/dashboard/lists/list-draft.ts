import type { LocalizedRegistrationField } from '../../shared/api/types.ts';
import { format, t } from '../../shared/i18n/index.ts';
import { fromZonedInput } from '../events/zoned-time.ts';
import type { CheckInList, EntryRule, ListChanges, ListSettings } from '../api/lists.ts';

/**
 * A check-in list as its form holds it (windows as `datetime-local` values, which are what the server takes: wall
 * clock in the event's zone; capacity and check-out time as typed), and each of its rules in plain words.
 */

export interface WindowDraft {
  id: string;
  from: string;
  until: string;
}

export interface ListDraft {
  name: string;
  /** The choice question's key, or '' for everyone. */
  admitsField: string;
  admitsValues: string[];
  windows: WindowDraft[];
  entry_rule: EntryRule;
  exits_scanned: boolean;
  /** `HH:MM`, or '' for none. */
  auto_checkout_at: string;
  /** As typed; '' for no limit. */
  capacity: string;
}

let lastId = 0;
export const newWindow = (): WindowDraft => ({ id: `window-${++lastId}`, from: '', until: '' });

export function newListDraft(): ListDraft {
  return {
    name: '',
    admitsField: '',
    admitsValues: [],
    windows: [],
    entry_rule: 'once',
    exits_scanned: false,
    auto_checkout_at: '',
    capacity: '',
  };
}

export function listDraft(list: CheckInList): ListDraft {
  return {
    name: list.name,
    admitsField: list.admits?.field ?? '',
    admitsValues: list.admits?.values ?? [],
    windows: list.windows.map((w) => ({ ...newWindow(), from: w.from, until: w.until })),
    entry_rule: list.entry_rule,
    exits_scanned: list.exits_scanned,
    auto_checkout_at: list.auto_checkout_at ?? '',
    capacity: list.capacity === null ? '' : String(list.capacity),
  };
}

/** What the server takes. The default list takes only what it lets change. */
export function listSettings(draft: ListDraft, isDefault: boolean): ListSettings & ListChanges {
  const name = draft.name.trim();
  const auto_checkout_at = draft.auto_checkout_at.trim() || null;
  if (isDefault) return { name, exits_scanned: draft.exits_scanned, auto_checkout_at };
  const capacity = draft.capacity.trim();
  return {
    name,
    admits: draft.admitsField ? { field: draft.admitsField, values: draft.admitsValues } : null,
    windows: draft.windows.map(({ from, until }) => ({ from, until })),
    entry_rule: draft.entry_rule,
    exits_scanned: draft.exits_scanned,
    auto_checkout_at,
    capacity: capacity === '' ? null : Number(capacity),
  };
}

/** The event's questions a list can admit by: its choice questions. */
export const choiceFields = (fields: readonly LocalizedRegistrationField[]) =>
  fields.filter((field) => field.type === 'select' && (field.options?.length ?? 0) > 0);

/** "Workshop A or Workshop B": answers as the language joins choices. */
export function oneOf(names: string[]): string {
  return new Intl.ListFormat(t.locale, { type: 'disjunction' }).format(names);
}

/** A wall-clock `HH:MM` of the event's zone as the language on screen writes a time. */
export function timeOfDay(hhmm: string, timeZone: string): string {
  const instant = fromZonedInput(`2026-01-15T${hhmm}`, timeZone);
  return instant ? format.time(instant, timeZone) : hhmm;
}

/** Each of a list's rules in a sentence, in the language on screen. */
export function explainList(
  list: CheckInList,
  fields: readonly LocalizedRegistrationField[],
  timeZone: string,
): string[] {
  const words = t.dashboard.lists.explain;
  const lines: string[] = [];
  if (list.admits) {
    const field = fields.find((f) => f.key === list.admits!.field);
    const label = (value: string) => field?.options?.find((o) => o.value === value)?.label ?? value;
    lines.push(words.admits(field?.label ?? list.admits.field, oneOf(list.admits.values.map(label))));
  } else {
    lines.push(words.everyone);
  }
  if (list.windows.length === 0) {
    lines.push(words.anyTime);
  } else {
    const spans = list.windows.map(({ from, until }) => {
      const start = fromZonedInput(from, timeZone);
      return start ? format.range(start, fromZonedInput(until, timeZone), timeZone) : `${from} – ${until}`;
    });
    lines.push(words.windows(spans.join('; ')));
  }
  lines.push(words[list.entry_rule]);
  lines.push(list.exits_scanned ? words.exits : words.noExits);
  if (list.auto_checkout_at) lines.push(words.autoCheckout(timeOfDay(list.auto_checkout_at, timeZone)));
  lines.push(list.capacity === null ? words.noCapacity : words.capacity(list.capacity));
  return lines;
}
