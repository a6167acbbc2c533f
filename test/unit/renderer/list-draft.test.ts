import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../renderer/src/dashboard/words.ts';
import type { CheckInList } from '../../../renderer/src/dashboard/api/lists.ts';
import {
  explainList,
  listDraft,
  listSettings,
  newListDraft,
} from '../../../renderer/src/dashboard/lists/list-draft.ts';
import { activateLanguage } from '../../../renderer/src/shared/i18n/index.ts';

const WORKSHOP_FIELD = {
  key: 'workshop',
  label: 'Workshop',
  label_fr: 'Atelier',
  type: 'select' as const,
  required: true,
  options: [
    { value: 'a', label: 'Workshop A' },
    { value: 'b', label: 'Workshop B' },
  ],
};

const LIST: CheckInList = {
  id: 'l1',
  name: 'Workshops',
  is_default: false,
  admits: { field: 'workshop', values: ['a', 'b'] },
  windows: [{ from: '2026-03-29T01:30', until: '2026-03-29T04:00' }],
  entry_rule: 'once_per_day',
  exits_scanned: true,
  auto_checkout_at: '03:00',
  capacity: 30,
  inside_now: 4,
  created_at: '2026-03-01T10:00:00+00:00',
  updated_at: '2026-03-01T10:00:00+00:00',
};

beforeEach(() => vi.stubGlobal('document', { documentElement: { lang: 'en' } }));
afterEach(() => activateLanguage('en'));

describe('a check-in list’s form', () => {
  it('sends every rule of a list as the server takes it, and back again', () => {
    expect(listSettings(listDraft(LIST), false)).toEqual({
      name: 'Workshops',
      admits: { field: 'workshop', values: ['a', 'b'] },
      windows: [{ from: '2026-03-29T01:30', until: '2026-03-29T04:00' }],
      entry_rule: 'once_per_day',
      exits_scanned: true,
      auto_checkout_at: '03:00',
      capacity: 30,
    });
  });

  it('sends the default list only what it lets change', () => {
    const draft = { ...listDraft({ ...LIST, is_default: true }), name: ' Front door ', auto_checkout_at: '' };
    expect(listSettings(draft, true)).toEqual({
      name: 'Front door',
      exits_scanned: true,
      auto_checkout_at: null,
    });
  });

  it('leaves no limit and nobody in particular as null', () => {
    expect(listSettings({ ...newListDraft(), name: 'Hall' }, false)).toMatchObject({
      admits: null,
      windows: [],
      capacity: null,
      auto_checkout_at: null,
    });
  });
});

describe('a list’s rules in plain words', () => {
  it('names the question and its answers by their labels, times on the event’s clock across a change of the clocks', () => {
    // Paris springs forward at 02:00 on 29 March 2026: the window's 01:30 is winter time, 04:00 summer time.
    expect(explainList(LIST, [WORKSHOP_FIELD], 'Europe/Paris')).toEqual([
      'Admits only people whose Workshop is Workshop A or Workshop B.',
      'Open Mar 29, 2026, 1:30 AM – 4:00 AM, within the event’s check-in period.',
      'Admits each person once a day (days start at midnight on the event’s clock).',
      'Exits are scanned: someone who left may come back in, and is no longer counted inside.',
      'Everyone still inside is checked out each day at 3:00 AM.',
      'At most 30 people inside at once; then it says it is full.',
    ]);
  });

  it('in French', () => {
    activateLanguage('fr');
    const [admits, , , , checkout] = explainList(LIST, [WORKSHOP_FIELD], 'Europe/Paris');
    expect(admits).toBe(
      'Admet seulement les personnes dont la réponse à «\u202fWorkshop\u202f» est Workshop A ou Workshop B.',
    );
    expect(checkout).toBe('Toutes les personnes encore à l’intérieur sont sorties chaque jour à 03:00.');
  });
});
