/**
 * The ledger's rules (attendees/ledger.rules.ts, docs/sync.md "The ledger"): an attendee's rows are a pure function
 * of the facts about their email, situation by situation, and the same whatever order the facts came in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changesBetween,
  currentEmail,
  rowsOfPerson,
  type AttendeeFact,
  type AttendeeRowState,
  type RegistrationFact,
} from '../../server/attendees/ledger.rules.ts';

const at = (second: number, ms = 0) => new Date(Date.UTC(2026, 10, 21, 10, 0, second, ms)).toISOString();

const registration = (
  uuid: string,
  second: number,
  extra: Partial<RegistrationFact> = {},
): RegistrationFact => ({
  uuid,
  id: uuid.charCodeAt(0),
  opId: `op-${uuid}`,
  at: at(second),
  status: 'confirmed',
  email: 'ada@example.com',
  name: `Ada ${uuid}`,
  answers: '{}',
  checkinCode: `code-${uuid}`,
  ...extra,
});

const fact = (
  opId: string,
  kind: AttendeeFact['kind'],
  subject: string,
  second: number,
  names: string[] = [],
): AttendeeFact => ({ opId, kind, subject, at: at(second), names });

/** The rows, as what a reader of the desk sees of each. */
const seen = (rows: AttendeeRowState[]) =>
  rows.map((row) => ({
    uuid: row.uuid,
    status: row.status,
    checkedIn: row.checkinOpId,
    members: row.members,
  }));

describe('one registration', () => {
  it('is one row: its own UUID, id and code, confirmed, not checked in', () => {
    const rows = rowsOfPerson([registration('a', 1)], []);
    expect(rows).toEqual([
      {
        uuid: 'a',
        id: 'a'.charCodeAt(0),
        checkinCode: 'code-a',
        email: 'ada@example.com',
        name: 'Ada a',
        answers: '{}',
        registeredAt: at(1),
        status: 'confirmed',
        statusBeforeNoShow: null,
        checkedInAt: null,
        checkinOpId: null,
        members: ['a'],
      },
    ]);
  });

  it('waits for approval when registered pending, until an approval names it', () => {
    const pending = registration('a', 1, { status: 'pending' });
    expect(rowsOfPerson([pending], [])[0]!.status).toBe('pending');
    expect(rowsOfPerson([pending], [fact('x', 'approve', 'a', 5)])[0]!.status).toBe('confirmed');
  });
});

describe('two registrations of one email, made apart', () => {
  it('are one person, shown as the earlier to the millisecond: 70 ms earlier is earlier', () => {
    const online = registration('b', 2, { at: at(2, 0) });
    const venue = registration('c', 2, { at: at(2, 70) });
    expect(seen(rowsOfPerson([venue, online], []))).toEqual([
      { uuid: 'b', status: 'confirmed', checkedIn: null, members: ['b', 'c'] },
    ]);
  });

  it('break a tie of time by op id, then by UUID', () => {
    const first = registration('z', 1, { opId: 'op-1' });
    const second = registration('a', 1, { opId: 'op-2' });
    expect(rowsOfPerson([second, first], [])[0]!.uuid).toBe('z');
  });

  it('are confirmed if either was (a walk-in at the desk is its own approval)', () => {
    const online = registration('a', 1, { status: 'pending' });
    const walkIn = registration('b', 9);
    expect(rowsOfPerson([online, walkIn], [])[0]).toMatchObject({ uuid: 'a', status: 'confirmed' });
  });
});

describe('check-ins and undos', () => {
  const ada = registration('a', 1);

  it('the earliest check-in no undo named stands; the others are duplicate scans', () => {
    const rows = rowsOfPerson([ada], [fact('k2', 'check_in', 'a', 20), fact('k1', 'check_in', 'a', 10)]);
    expect(rows[0]).toMatchObject({ checkinOpId: 'k1', checkedInAt: at(10) });
  });

  it('an undo of the check-in that stood lets the next one stand; undoing all leaves the person not in', () => {
    const checkIns = [fact('k1', 'check_in', 'a', 10), fact('k2', 'check_in', 'a', 20)];
    expect(rowsOfPerson([ada], [...checkIns, fact('u1', 'undo_check_in', 'a', 30, ['k1'])])[0]).toMatchObject(
      {
        checkinOpId: 'k2',
      },
    );
    expect(
      rowsOfPerson([ada], [...checkIns, fact('u1', 'undo_check_in', 'a', 30, ['k1', 'k2'])])[0],
    ).toMatchObject({ checkinOpId: null, checkedInAt: null, status: 'confirmed' });
  });

  it('an undo that names a check-in not arrived yet undoes it when it comes', () => {
    const undo = fact('u1', 'undo_check_in', 'a', 30, ['k1']);
    expect(rowsOfPerson([ada], [undo])[0]!.checkinOpId).toBeNull();
    expect(rowsOfPerson([ada], [undo, fact('k1', 'check_in', 'a', 10)])[0]!.checkinOpId).toBeNull();
  });
});

describe('a check-in against a cancellation', () => {
  const ada = registration('a', 1);

  it('a cancellation cancels', () => {
    expect(seen(rowsOfPerson([ada], [fact('c1', 'cancel', 'a', 5)]))).toEqual([
      { uuid: 'a', status: 'canceled', checkedIn: null, members: ['a'] },
    ]);
  });

  it('the person is in: the check-in stands and the cancellation waits, and takes effect once it is undone', () => {
    const facts = [fact('c1', 'cancel', 'a', 5), fact('k1', 'check_in', 'a', 10)];
    expect(seen(rowsOfPerson([ada], facts))).toEqual([
      { uuid: 'a', status: 'confirmed', checkedIn: 'k1', members: ['a'] },
    ]);
    const undone = [...facts, fact('u1', 'undo_check_in', 'a', 20, ['k1'])];
    expect(rowsOfPerson([ada], undone)[0]!.status).toBe('canceled');
  });

  it('a registration made again after a cancellation is a row of its own', () => {
    const again = registration('b', 9);
    expect(seen(rowsOfPerson([ada, again], [fact('c1', 'cancel', 'a', 5)]))).toEqual([
      { uuid: 'a', status: 'canceled', checkedIn: null, members: ['a'] },
      { uuid: 'b', status: 'confirmed', checkedIn: null, members: ['b'] },
    ]);
  });

  it('a check-in that brings a cancelled registration back merges it with the new one, as one person', () => {
    const again = registration('b', 9);
    const facts = [fact('c1', 'cancel', 'a', 5), fact('k1', 'check_in', 'a', 12)];
    expect(seen(rowsOfPerson([ada, again], facts))).toEqual([
      { uuid: 'a', status: 'confirmed', checkedIn: 'k1', members: ['a', 'b'] },
    ]);
  });
});

describe('a cancellation names the registrations its node knew were the person', () => {
  const ada = registration('a', 1);
  const elsewhere = registration('b', 3);

  it('one registered meanwhile on another node stands as a row of its own (the merge is parted)', () => {
    expect(seen(rowsOfPerson([ada, elsewhere], [fact('c1', 'cancel', 'a', 5)]))).toEqual([
      { uuid: 'a', status: 'canceled', checkedIn: null, members: ['a'] },
      { uuid: 'b', status: 'confirmed', checkedIn: null, members: ['b'] },
    ]);
  });

  it('the ones it named together stay together, cancelled', () => {
    const facts = [fact('c1', 'cancel', 'a', 5, ['b'])];
    expect(seen(rowsOfPerson([ada, elsewhere], facts))).toEqual([
      { uuid: 'a', status: 'canceled', checkedIn: null, members: ['a', 'b'] },
    ]);
  });

  it('a check-in of a registration it did not name does not hold it back', () => {
    const facts = [fact('c1', 'cancel', 'a', 5), fact('k1', 'check_in', 'b', 10)];
    expect(seen(rowsOfPerson([ada, elsewhere], facts))).toEqual([
      { uuid: 'a', status: 'canceled', checkedIn: null, members: ['a'] },
      { uuid: 'b', status: 'confirmed', checkedIn: 'k1', members: ['b'] },
    ]);
  });
});

describe('no-shows', () => {
  const ada = registration('a', 1);

  it('a no-show remembers what the person was; a check-in overrides it, and an undo brings it back', () => {
    const noShow = fact('n1', 'no_show', 'a', 5);
    expect(rowsOfPerson([ada], [noShow])[0]).toMatchObject({
      status: 'no_show',
      statusBeforeNoShow: 'confirmed',
    });
    const turnedUp = [noShow, fact('k1', 'check_in', 'a', 10)];
    expect(rowsOfPerson([ada], turnedUp)[0]).toMatchObject({ status: 'confirmed', statusBeforeNoShow: null });
    const undone = [...turnedUp, fact('u1', 'undo_check_in', 'a', 20, ['k1'])];
    expect(rowsOfPerson([ada], undone)[0]!.status).toBe('no_show');
  });

  it('a pending no-show was pending', () => {
    const pending = registration('a', 1, { status: 'pending' });
    expect(rowsOfPerson([pending], [fact('n1', 'no_show', 'a', 5)])[0]!.statusBeforeNoShow).toBe('pending');
  });

  it('goes with the registrations it named when a cancellation parts them', () => {
    const elsewhere = registration('b', 3);
    const facts = [fact('n1', 'no_show', 'a', 4), fact('c1', 'cancel', 'a', 5)];
    expect(seen(rowsOfPerson([ada, elsewhere], facts))).toEqual([
      { uuid: 'a', status: 'canceled', checkedIn: null, members: ['a'] },
      { uuid: 'b', status: 'confirmed', checkedIn: null, members: ['b'] },
    ]);
  });

  it('a cancellation outweighs it', () => {
    const facts = [fact('n1', 'no_show', 'a', 4), fact('c1', 'cancel', 'a', 5)];
    expect(rowsOfPerson([ada], facts)[0]!.status).toBe('canceled');
  });
});

describe('edits of a person (issue 39)', () => {
  const edit = (
    opId: string,
    subject: string,
    second: number,
    fields: Record<string, string | null>,
    names: string[] = [],
    ms = 0,
  ): AttendeeFact => ({
    opId,
    kind: 'edit',
    subject,
    at: at(second, ms),
    names,
    detail: { fields, via: 'desk', staff: null },
  });
  const nameOf = (answers: Record<string, string>, email: string) =>
    [answers.first_name, answers.last_name].filter(Boolean).join(' ') || email;
  const ada = registration('a', 1, {
    answers: JSON.stringify({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'AE',
    }),
  });

  it('two edits of one person converge field by field: each field the latest edit that set it, by time then op id', () => {
    const first = edit('e1', 'a', 5, { first_name: 'Augusta', company: null });
    const second = edit('e2', 'a', 6, { first_name: 'Countess', email: 'ada@example.org' });
    const tie = edit('e0', 'a', 6, { first_name: 'Loses the tie' });
    for (const facts of [
      [first, second, tie],
      [tie, second, first],
      [second, tie, first],
    ]) {
      const [row] = rowsOfPerson([ada], facts, nameOf);
      expect(JSON.parse(row!.answers)).toEqual({
        email: 'ada@example.org',
        first_name: 'Countess',
        last_name: 'Lovelace',
      });
      expect(row).toMatchObject({ email: 'ada@example.org', name: 'Countess Lovelace', uuid: 'a' });
    }
  });

  it('an edit naming any of the row’s registrations counts for the row; a row no edit names is unchanged', () => {
    const later = registration('b', 3);
    const [row] = rowsOfPerson([ada, later], [edit('e1', 'b', 5, { last_name: 'King' })], nameOf);
    expect(row!.name).toBe('Ada King');
    expect(rowsOfPerson([ada], [], nameOf)[0]!.name).toBe('Ada a');
  });

  it('a registration belongs to the latest email an edit naming it set, else its own', () => {
    expect(currentEmail(ada, [])).toBe('ada@example.com');
    const facts = [
      edit('e2', 'x', 7, { email: 'late@example.com' }, ['a']),
      edit('e1', 'a', 5, { email: 'early@example.com' }),
      edit('e3', 'a', 9, { first_name: 'Not an email edit' }),
      edit('e4', 'b', 9, { email: 'someone-else@example.com' }),
    ];
    expect(currentEmail(ada, facts)).toBe('late@example.com');
    expect(currentEmail(ada, facts.slice(1))).toBe('early@example.com');
  });

  it('changesBetween tells an update when what an edit changes differs, and nothing else', () => {
    const row = (fields: string) => ({ uuid: 'a', status: 'confirmed' as const, checkedIn: false, fields });
    expect(changesBetween([row('x')], [{ ...row('y'), members: ['a'] }])).toEqual([
      { change: 'updated', uuid: 'a' },
    ]);
    expect(changesBetween([row('x')], [{ ...row('x'), members: ['a'] }])).toEqual([]);
  });
});

describe('the rows depend on the facts, never on the order they came in', () => {
  const uuids = ['a', 'b', 'c'];
  const registrations = fc
    .uniqueArray(fc.record({ uuid: fc.constantFrom(...uuids), second: fc.nat(60), pending: fc.boolean() }), {
      selector: (r) => r.uuid,
      minLength: 1,
    })
    .map((list) =>
      list.map(({ uuid, second, pending }) =>
        registration(uuid, second, { status: pending ? 'pending' : 'confirmed' }),
      ),
    );
  const facts = fc
    .array(
      fc.record({
        kind: fc.constantFrom<AttendeeFact['kind']>(
          'check_in',
          'undo_check_in',
          'cancel',
          'no_show',
          'approve',
        ),
        subject: fc.constantFrom(...uuids),
        second: fc.nat(60),
        names: fc.subarray(uuids),
        undoes: fc.subarray(['f0', 'f1', 'f2', 'f3', 'f4', 'f5']),
      }),
      { maxLength: 12 },
    )
    .map((list) =>
      list.map((step, index) =>
        fact(
          `f${index}`,
          step.kind,
          step.subject,
          step.second,
          step.kind === 'undo_check_in' ? step.undoes : step.kind === 'approve' ? [] : step.names,
        ),
      ),
    );

  it('any permutation of the same registrations and facts makes the same rows', () => {
    fc.assert(
      fc.property(registrations, facts, fc.nat(), (regs, list, seed) => {
        const shuffle = <T>(items: readonly T[]) =>
          items
            .map((item, index) => ({ item, key: (index * 7919 + seed) % 1009 }))
            .sort((x, y) => x.key - y.key)
            .map(({ item }) => item);
        expect(rowsOfPerson(shuffle(regs), shuffle(list))).toEqual(rowsOfPerson(regs, list));
      }),
      { seed: 30, numRuns: 500 },
    );
  });

  it('every registration is in exactly one row, and at most one row is live', () => {
    fc.assert(
      fc.property(registrations, facts, (regs, list) => {
        const rows = rowsOfPerson(regs, list);
        expect(rows.flatMap((row) => row.members).sort()).toEqual(regs.map((r) => r.uuid).sort());
        expect(rows.filter((row) => row.status !== 'canceled').length).toBeLessThanOrEqual(1);
      }),
      { seed: 31, numRuns: 500 },
    );
  });
});

describe('changesBetween: what webhooks hear', () => {
  const row = (uuid: string, status: AttendeeRowState['status'], checkedIn = false, members = [uuid]) => ({
    uuid,
    status,
    checkedIn,
    members,
  });

  it('a new registration, a check-in, an undo that brings a no-show back', () => {
    expect(changesBetween([], [row('a', 'confirmed')])).toEqual([{ change: 'registered', uuid: 'a' }]);
    expect(changesBetween([row('a', 'confirmed')], [row('a', 'confirmed', true)])).toEqual([
      { change: 'checked_in', uuid: 'a' },
    ]);
    expect(changesBetween([row('a', 'confirmed', true)], [row('a', 'no_show')])).toEqual([
      { change: 'check_in_undone', uuid: 'a' },
      { change: 'no_show', uuid: 'a' },
    ]);
  });

  it('a registration merged into another tells nothing; an earlier one taking its place is the new row', () => {
    expect(changesBetween([row('a', 'confirmed')], [row('a', 'confirmed', false, ['a', 'b'])])).toEqual([]);
    expect(changesBetween([row('b', 'confirmed', true)], [row('a', 'confirmed', true, ['a', 'b'])])).toEqual([
      { change: 'registered', uuid: 'a' },
    ]);
  });

  it('a cancellation that parts a person: the cancelled row is cancelled, the one left standing is new', () => {
    expect(
      changesBetween(
        [row('a', 'confirmed', false, ['a', 'b'])],
        [row('a', 'canceled'), row('b', 'confirmed')],
      ),
    ).toEqual([
      { change: 'canceled', uuid: 'a' },
      { change: 'registered', uuid: 'b' },
    ]);
  });
});
