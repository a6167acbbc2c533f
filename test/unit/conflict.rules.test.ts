import { describe, expect, it } from 'vitest';
import { mergedCheckIns, standingCheckIn, type CheckInRecord } from '../../server/sync/conflict.rules.ts';

const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, '0')}:00+00:00`;

describe('mergedCheckIns: two registrations that merge, as one person', () => {
  const old: CheckInRecord[] = [
    { op: 'b-1', at: at(5), undone: false },
    { op: 'c-1', at: null, undone: true },
  ];
  const fresh: CheckInRecord[] = [
    { op: 'a-1', at: at(9), undone: false },
    { op: 'c-1', at: at(2), undone: false },
  ];

  it('keeps every check-in of either, in op id order, whichever side it starts from', () => {
    expect(mergedCheckIns(old, fresh)).toEqual([
      { op: 'a-1', at: at(9), undone: false },
      { op: 'b-1', at: at(5), undone: false },
      { op: 'c-1', at: at(2), undone: true },
    ]);
    expect(mergedCheckIns(fresh, old)).toEqual(mergedCheckIns(old, fresh));
  });

  it('an undo that named a check-in on one side undoes it on the other: the earliest left stands', () => {
    // c-1 is the earliest, but the undo that reached the old registration first named it.
    expect(standingCheckIn(mergedCheckIns(old, fresh))).toMatchObject({ op: 'b-1' });
  });
});
