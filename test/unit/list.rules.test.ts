/**
 * The rules of check-in lists (server/lists/list.rules.ts and entry.rules.ts, issue 38): a list's windows and
 * automatic check-out in the event's zone, across clock changes; the entry rule, once a day at the zone's midnight;
 * re-entry after an exit; who stands and who is a duplicate, whatever order the scans come in; and the door's
 * decision, row by row of the contract's table.
 */
import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTENDEE_FACT_KINDS } from '../../server/attendees/ledger.rules.ts';
import type { EventSettings } from '../../server/events/event.types.ts';
import { listTimeline, stateAt, autoExitsBy, type ListScan } from '../../server/lists/entry.rules.ts';
import {
  decideEntry,
  DEFAULT_RULES,
  historyAfterChange,
  isWithinWindows,
  nextAutoCheckout,
  nextOpening,
  rulesAt,
  type PersonOnList,
} from '../../server/lists/list.rules.ts';
import type { ListRules, RulesVersion } from '../../server/lists/list.types.ts';
import { openDatabase } from '../../server/platform/database.ts';
import { wallTimeToInstant } from '../../server/platform/time.ts';
import { tempDataDir } from '../helpers/app.ts';

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
const iso = (ms: number) => new Date(ms).toISOString();
const utc = (text: string) => Date.parse(text);

const version = (rules: Partial<ListRules> = {}, from = '2026-01-01T00:00:00.000Z'): RulesVersion => ({
  ...DEFAULT_RULES,
  ...rules,
  from,
});

let opCounter = 0;
const scan = (
  at: string,
  direction: 'entry' | 'exit' = 'entry',
  extra: Partial<ListScan> = {},
): ListScan => ({
  opId: `op${String(++opCounter).padStart(4, '0')}`,
  subject: 'ada',
  at,
  direction,
  undone: false,
  ...extra,
});

describe("wall-clock times in the event's zone", () => {
  it('a time the clock skips (spring forward) is the first instant after the gap', () => {
    // Paris, 29 March 2026: 02:00 CET becomes 03:00 CEST (01:00 UTC).
    expect(iso(wallTimeToInstant('2026-03-29T02:30', PARIS))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-03-29T03:00', PARIS))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-03-29T01:59', PARIS))).toBe('2026-03-29T00:59:00.000Z');
  });

  it('a time that happens twice (fall back) is its first occurrence', () => {
    // Paris, 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 happens at 00:30 and 01:30 UTC.
    expect(iso(wallTimeToInstant('2026-10-25T02:30', PARIS))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(wallTimeToInstant('2026-10-25T03:30', PARIS))).toBe('2026-10-25T02:30:00.000Z');
  });

  it('a window across the spring change opens and closes at the zone’s instants', () => {
    const windows = [{ from: '2026-03-29T01:30', until: '2026-03-29T02:30' }];
    // 01:30 CET is 00:30 UTC; 02:30 does not exist, so the window ends at 03:00 CEST (01:00 UTC): half an hour.
    expect(isWithinWindows(windows, PARIS, utc('2026-03-29T00:29:59Z'))).toBe(false);
    expect(isWithinWindows(windows, PARIS, utc('2026-03-29T00:30:00Z'))).toBe(true);
    expect(isWithinWindows(windows, PARIS, utc('2026-03-29T00:59:59Z'))).toBe(true);
    expect(isWithinWindows(windows, PARIS, utc('2026-03-29T01:00:00Z'))).toBe(false);
  });

  it('a window across the autumn change lasts its two real hours', () => {
    const windows = [{ from: '2026-10-25T02:00', until: '2026-10-25T03:00' }];
    // 02:00 CEST (00:00 UTC) to 03:00 CET (02:00 UTC): the repeated hour is inside.
    expect(isWithinWindows(windows, PARIS, utc('2026-10-25T00:00:00Z'))).toBe(true);
    expect(isWithinWindows(windows, PARIS, utc('2026-10-25T01:30:00Z'))).toBe(true);
    expect(isWithinWindows(windows, PARIS, utc('2026-10-25T02:00:00Z'))).toBe(false);
  });

  it('the next opening is the next window’s start in the zone, within the event’s check-in period', () => {
    const event = {
      checkinPeriodType: 'immediate',
      checkinStartsAt: null,
      checkinEndsAt: null,
    } as EventSettings;
    const windows = [
      { from: '2026-11-21T09:00', until: '2026-11-21T12:30' },
      { from: '2026-11-21T14:00', until: '2026-11-21T18:00' },
    ];
    expect(nextOpening(event, windows, PARIS, new Date('2026-11-21T12:00:00Z'))).toBe(
      '2026-11-21T13:00:00.000Z',
    );
    expect(nextOpening(event, windows, PARIS, new Date('2026-11-21T17:30:00Z'))).toBeNull();
    const later = {
      ...event,
      checkinPeriodType: 'starts_on',
      checkinStartsAt: '2026-11-21T15:00:00+00:00',
    } as const;
    // The afternoon window is open by then: the period's start is the opening.
    expect(nextOpening(later, windows, PARIS, new Date('2026-11-21T12:00:00Z'))).toBe(
      '2026-11-21T15:00:00.000Z',
    );
  });
});

describe('once per day, by the calendar day of the event’s zone', () => {
  const history = [version({ entryRule: 'once_per_day', exitsScanned: true })];

  it('a second entry the same local day is a duplicate; one after local midnight is a new admission', () => {
    // New York: 23:50 on the 20th is 04:50 UTC on the 21st; 00:05 on the 21st is 05:05 UTC.
    const late = scan('2026-11-21T04:50:00.000Z');
    const sameDay = scan('2026-11-21T04:55:00.000Z');
    const nextDay = scan('2026-11-21T05:05:00.000Z');
    const timeline = listTimeline('list', [late, sameDay, nextDay], history, NEW_YORK);
    expect(timeline.verdicts.get(late.opId)).toEqual({ counts: true, duplicate: false });
    expect(timeline.verdicts.get(sameDay.opId)).toEqual({ counts: false, duplicate: true });
    expect(timeline.verdicts.get(nextDay.opId)).toEqual({ counts: true, duplicate: false });
    // In UTC both of the last two are on the 21st: the zone's midnight is what counts.
    expect(stateAt(timeline, history, NEW_YORK, utc('2026-11-21T06:00:00Z')).allowsMore).toBe(false);
  });

  it('midnight itself starts the new day', () => {
    const before = scan('2026-11-21T04:59:59.999Z');
    const midnight = scan('2026-11-21T05:00:00.000Z');
    const timeline = listTimeline('list', [before, midnight], history, NEW_YORK);
    expect(timeline.verdicts.get(midnight.opId)?.counts).toBe(true);
  });

  it('after an exit the same day, a person comes back in (re-entry)', () => {
    const entry = scan('2026-11-21T14:00:00.000Z');
    const exit = scan('2026-11-21T15:00:00.000Z', 'exit');
    const back = scan('2026-11-21T16:00:00.000Z');
    const again = scan('2026-11-21T16:30:00.000Z');
    const timeline = listTimeline('list', [again, back, exit, entry], history, NEW_YORK);
    expect([entry, exit, back, again].map((s) => timeline.verdicts.get(s.opId))).toEqual([
      { counts: true, duplicate: false },
      { counts: true, duplicate: false },
      { counts: true, duplicate: false },
      { counts: false, duplicate: true },
    ]);
    expect(timeline.stay?.since).toBe(back.at);
  });
});

describe('re-entry after an exit on a list that admits once', () => {
  const history = [version({ exitsScanned: true })];

  it('an entry after an exit counts; one without an exit between is a duplicate', () => {
    const first = scan('2026-11-21T09:00:00.000Z');
    const repeat = scan('2026-11-21T09:05:00.000Z');
    const out = scan('2026-11-21T10:00:00.000Z', 'exit');
    const back = scan('2026-11-21T11:00:00.000Z');
    const timeline = listTimeline('list', [first, repeat, out, back], history, PARIS);
    expect(timeline.verdicts.get(repeat.opId)?.duplicate).toBe(true);
    expect(timeline.verdicts.get(back.opId)).toEqual({ counts: true, duplicate: false });
    const nowInside = stateAt(timeline, history, PARIS, utc('2026-11-21T12:00:00Z'));
    expect(nowInside).toEqual({ insideSince: back.at, allowsMore: false });
  });

  it('an exit orders with entries by time, ties by scan id, never by arrival', () => {
    const entry = scan('2026-11-21T09:00:00.000Z', 'entry', { opId: 'b' });
    const exit = scan('2026-11-21T09:00:00.000Z', 'exit', { opId: 'a' });
    // Same instant: the exit's id sorts first, so the person is inside after both.
    const timeline = listTimeline('list', [entry, exit], history, PARIS);
    expect(timeline.stay?.entryOp).toBe('b');
  });

  it('every_time never conflicts', () => {
    const always = [version({ entryRule: 'every_time' })];
    const scans = [scan('2026-11-21T09:00:00.000Z'), scan('2026-11-21T09:01:00.000Z')];
    const timeline = listTimeline('list', scans, always, PARIS);
    expect([...timeline.verdicts.values()].every((verdict) => verdict.counts)).toBe(true);
  });

  it('an undone scan counts for nothing, and the next one stands', () => {
    const undone = scan('2026-11-21T09:00:00.000Z', 'entry', { undone: true });
    const kept = scan('2026-11-21T09:10:00.000Z');
    const timeline = listTimeline('list', [undone, kept], history, PARIS);
    expect(timeline.verdicts.get(undone.opId)).toEqual({ counts: false, duplicate: false });
    expect(timeline.verdicts.get(kept.opId)?.counts).toBe(true);
  });
});

describe('automatic check-out', () => {
  const history = [version({ autoCheckoutAt: '03:00' })];

  it('checks out at the zone’s time every night: inside until then, not after, and back in the next day', () => {
    const entry = scan('2026-11-21T19:00:00.000Z');
    const timeline = listTimeline('list', [entry], history, PARIS);
    // 03:00 in Paris (UTC+1 in November) is 02:00 UTC.
    expect(timeline.checkoutAt).toBe('2026-11-22T02:00:00.000Z');
    expect(stateAt(timeline, history, PARIS, utc('2026-11-22T01:59:59Z')).insideSince).toBe(entry.at);
    expect(stateAt(timeline, history, PARIS, utc('2026-11-22T02:00:00Z')).insideSince).toBeNull();
    expect(autoExitsBy('list', timeline, utc('2026-11-22T02:00:00Z'))).toHaveLength(1);
    // The next morning's scan on a once list is a re-entry: the check-out was an exit like a scanned one.
    const back = scan('2026-11-22T08:00:00.000Z');
    const next = listTimeline('list', [entry, back], history, PARIS);
    expect(next.verdicts.get(back.opId)).toEqual({ counts: true, duplicate: false });
    expect(next.autoExits.map((exit) => exit.at)).toEqual(['2026-11-22T02:00:00.000Z']);
  });

  it('a check-out time the clock skips is the first instant after the gap, and its id is the same everywhere', () => {
    const skipped = [version({ autoCheckoutAt: '02:30' })];
    const entry = scan('2026-03-28T20:00:00.000Z');
    const timeline = listTimeline('list', [entry], skipped, PARIS);
    expect(timeline.checkoutAt).toBe('2026-03-29T01:00:00.000Z');
    const [one] = autoExitsBy('list', timeline, utc('2026-03-30T00:00:00Z'));
    const [two] = autoExitsBy(
      'list',
      listTimeline('list', [entry], skipped, PARIS),
      utc('2026-03-30T00:00:00Z'),
    );
    expect(one!.id).toBe(two!.id);
  });

  it('follows the rules in force at each check-out: a time set later checks out only from then', () => {
    const changed = historyAfterChange(
      [version()],
      { ...DEFAULT_RULES, autoCheckoutAt: '03:00' },
      new Date('2026-11-22T12:00:00Z'),
    );
    const entry = scan('2026-11-21T19:00:00.000Z');
    // No check-out the first night (none was set); the second night's is.
    expect(nextAutoCheckout(changed, PARIS, utc(entry.at))).toBe(utc('2026-11-23T02:00:00Z'));
  });
});

describe('rules changed while a kiosk was cut off apply by the scans’ time', () => {
  it('an entry made after a change to once is a duplicate; one before it, under every_time, counted', () => {
    const history = historyAfterChange(
      [version({ entryRule: 'every_time' })],
      { ...DEFAULT_RULES, entryRule: 'once' },
      new Date('2026-11-21T12:00:00Z'),
    );
    expect(rulesAt(history, utc('2026-11-21T11:59:59Z')).entryRule).toBe('every_time');
    expect(rulesAt(history, utc('2026-11-21T12:00:00Z')).entryRule).toBe('once');
    const scans = [
      scan('2026-11-21T10:00:00.000Z'),
      scan('2026-11-21T11:00:00.000Z'),
      scan('2026-11-21T13:00:00.000Z'),
    ];
    const timeline = listTimeline('list', scans, history, PARIS);
    expect(scans.map((s) => timeline.verdicts.get(s.opId)?.duplicate)).toEqual([false, false, true]);
  });

  it('a change that changes nothing adds no version', () => {
    const history = [version({ capacity: 30 })];
    expect(historyAfterChange(history, { ...DEFAULT_RULES, capacity: 30 }, new Date())).toEqual(history);
  });
});

describe('any order of the same scans, the same verdicts', () => {
  it('holds for entries, exits, undos, rule changes and automatic check-out', () => {
    const history = historyAfterChange(
      [version({ entryRule: 'once_per_day', exitsScanned: true, autoCheckoutAt: '03:00' })],
      { ...DEFAULT_RULES, entryRule: 'once', exitsScanned: true, autoCheckoutAt: '04:00' },
      new Date('2026-11-22T12:00:00Z'),
    );
    const scanArbitrary = fc.record({
      minutes: fc.integer({ min: 0, max: 3 * 24 * 60 }),
      direction: fc.constantFrom<'entry' | 'exit'>('entry', 'entry', 'exit'),
      undone: fc.boolean(),
      id: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(scanArbitrary, { maxLength: 12 }), fc.nat(), (drawn, seed) => {
        const scans = drawn.map((d, index) =>
          scan(iso(utc('2026-11-21T06:00:00Z') + d.minutes * 60_000), d.direction, {
            opId: `${d.id}-${index}`,
            undone: d.undone && d.direction === 'entry',
          }),
        );
        const shuffled = [...scans].sort(
          (a, b) => ((a.opId.length * seed) % 7) - ((b.opId.length * seed) % 7) || (seed % 2 ? 1 : -1),
        );
        const one = listTimeline('list', scans, history, PARIS);
        const other = listTimeline('list', shuffled.reverse(), history, PARIS);
        expect([...other.verdicts].sort()).toEqual([...one.verdicts].sort());
        expect(other.stay).toEqual(one.stay);
        expect(other.autoExits).toEqual(one.autoExits);
      }),
      { numRuns: 300, seed: 38 },
    );
  });
});

describe('the door’s decision, by the first row of the contract’s table that applies', () => {
  const event = {
    checkinPeriodType: 'immediate',
    checkinStartsAt: null,
    checkinEndsAt: null,
  } as EventSettings;
  const now = new Date('2026-11-21T10:00:00Z');
  const outside: PersonOnList = { insideSince: null, allowsMore: true };
  const decide = (
    overrides: Partial<Omit<Parameters<typeof decideEntry>[0], 'rules'>> & {
      rules?: Partial<ListRules>;
    } = {},
  ) =>
    decideEntry({
      event,
      zone: PARIS,
      now,
      attendee: { status: 'confirmed', answers: { ticket: 'ws' } },
      person: outside,
      insideNow: 0,
      force: false,
      ...overrides,
      rules: { ...DEFAULT_RULES, ...overrides.rules },
    });

  it('goes row by row', () => {
    expect(decide({ attendee: { status: 'canceled', answers: {} } }).result).toBe('canceled');
    expect(decide({ attendee: { status: 'pending', answers: {} } }).result).toBe('pending');
    expect(decide({ rules: { admits: { field: 'ticket', values: ['gen'] } } }).result).toBe('not_on_list');
    const closed = decide({ rules: { windows: [{ from: '2026-11-21T14:00', until: '2026-11-21T15:00' }] } });
    expect(closed).toEqual({ recorded: false, result: 'not_now', opensAt: '2026-11-21T13:00:00.000Z' });
    expect(decide({ event: { ...event, checkinPeriodType: 'disabled' } })).toMatchObject({ opensAt: null });
    const inside = { insideSince: '2026-11-21T09:12:00.000Z', allowsMore: false };
    expect(decide({ person: inside })).toMatchObject({
      result: 'already_entered',
      enteredAt: inside.insideSince,
    });
    expect(decide({ rules: { capacity: 2 }, insideNow: 2 }).result).toBe('full');
    // Someone inside a full list is not refused as "full": they are already in.
    expect(
      decide({
        rules: { capacity: 2, entryRule: 'every_time' },
        insideNow: 2,
        person: { ...inside, allowsMore: true },
      }).result,
    ).toBe('admitted');
    expect(decide({ person: { insideSince: null, allowsMore: false } })).toMatchObject({
      result: 'reentered',
    });
    expect(decide()).toEqual({ recorded: true, result: 'admitted', forced: false, overCapacity: false });
    // A no-show turns up: admitted (the ledger makes them confirmed).
    expect(decide({ attendee: { status: 'no_show', answers: { ticket: 'ws' } } }).result).toBe('admitted');
  });

  it('force admits over the list’s refusals, never over the registration’s', () => {
    const forced = { force: true };
    expect(decide({ ...forced, rules: { admits: { field: 'ticket', values: ['gen'] } } })).toMatchObject({
      recorded: true,
      result: 'admitted',
      forced: true,
    });
    expect(decide({ ...forced, rules: { capacity: 1 }, insideNow: 1 })).toMatchObject({
      forced: true,
      overCapacity: true,
    });
    expect(
      decide({
        ...forced,
        person: { insideSince: null, allowsMore: false },
        rules: { windows: [{ from: '2026-11-22T09:00', until: '2026-11-22T10:00' }] },
      }),
    ).toMatchObject({ result: 'reentered', forced: true });
    expect(decide({ ...forced, attendee: { status: 'canceled', answers: {} } }).result).toBe('canceled');
    expect(decide({ ...forced, attendee: { status: 'pending', answers: {} } }).result).toBe('pending');
  });
});

describe('the kinds of fact', () => {
  it('are the closed list the ledger rules name, and the table takes exactly those', () => {
    const dir = tempDataDir();
    const db = openDatabase(dir);
    try {
      db.prepare(
        `INSERT INTO organizations (uuid, name, slug, created_at) VALUES ('o', 'O', 'o', '2026-01-01T00:00:00+00:00')`,
      ).run();
      db.prepare(
        `INSERT INTO events (uuid, organization_id, name, timezone, checkin_period_type, registration_fields, created_at, updated_at)
         VALUES ('e', 1, 'E', 'UTC', 'immediate', '[]', '2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')`,
      ).run();
      const insert = db.prepare(
        `INSERT INTO attendee_facts (op_id, event_id, subject, kind, at) VALUES (?, 1, 's', ?, '2026-01-01T00:00:00.000Z')`,
      );
      for (const kind of ATTENDEE_FACT_KINDS) expect(() => insert.run(`op-${kind}`, kind)).not.toThrow();
      expect(() => insert.run('op-other', 'edit_something')).toThrow(/CHECK/);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
