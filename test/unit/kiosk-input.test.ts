import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersFromProfile, profileCodeFrom } from '../../renderer/src/kiosk/scan/profile-code.ts';
import { createRepeatFilter } from '../../renderer/src/kiosk/scan/repeat-filter.ts';
import { fieldProblem } from '../../renderer/src/shared/registration-form/registration-hints.ts';
import { validateRegistration } from '../../server/attendees/registration.rules.ts';
import type { RegistrationField } from '../../server/contract/vocabulary.ts';

const FIELDS: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'name', label: 'Name', type: 'text', required: true },
  { key: 'phone', label: 'Phone', type: 'phone', required: false },
  { key: 'birthday', label: 'Birthday', type: 'date', required: false },
  { key: 'notes', label: 'Notes', type: 'textarea', required: false },
  {
    key: 'ticket',
    label: 'Ticket',
    type: 'select',
    required: true,
    options: [
      { value: 'general', label: 'General' },
      { value: 'press', label: 'Press' },
    ],
  },
];

/** Values near each rule's edges: lengths around the limits, dates, emails, line breaks, options. */
const answer = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ minLength: 250, maxLength: 260 }),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.constantFrom(
    '',
    '   ',
    'general',
    'press',
    'General',
    'a\nb',
    'line\r',
    '1815-12-10',
    '2026-02-29',
    '2024-02-29',
  ),
  fc.constantFrom('2026-13-01', '26-01-01', 'ada@example.com', 'ada@example', 'a..b@example.com', ' x@y.io '),
  fc.emailAddress(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.string({ minLength: 19, maxLength: 22, unit: fc.constantFrom('1', '2', ' ', '+', '😀') }),
);

describe('registration hints mirror the server rules', () => {
  it('flag a field exactly when the server would refuse it', () => {
    fc.assert(
      fc.property(fc.record(Object.fromEntries(FIELDS.map((f) => [f.key, answer]))), (body) => {
        const server = validateRegistration(FIELDS, body);
        const serverRefused = new Set(server.ok ? [] : Object.keys(server.errors));
        for (const field of FIELDS) {
          const hint = fieldProblem(field, body[field.key] as string);
          expect({ field: field.key, value: body[field.key], refused: hint !== null }).toEqual({
            field: field.key,
            value: body[field.key],
            refused: serverRefused.has(field.key),
          });
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('profileCodeFrom', () => {
  it.each([
    ['AbC123xyz', 'AbC123xyz'],
    ['  AbC123xyz\n', 'AbC123xyz'],
    ['http://kiosk.local:8787/p/AbC123xyz', 'AbC123xyz'],
    ['https://arrivals.example/p/AbC123xyz/', 'AbC123xyz'],
    ['https://arrivals.example/p/AbC123xyz?utm=qr', 'AbC123xyz'],
  ])('reads %j as %j', (scanned, code) => expect(profileCodeFrom(scanned)).toBe(code));

  it.each([
    '',
    'https://example.com/tickets/42',
    'https://example.com/p/',
    'not a code',
    'WIFI:S:venue;;',
    'a/p/b',
  ])('finds no profile code in %j', (scanned) => expect(profileCodeFrom(scanned)).toBeNull());
});

describe('answersFromProfile', () => {
  it('fills the fields the profile shows and never guesses a select', () => {
    const answers = answersFromProfile(
      [
        ...FIELDS,
        { key: 'first_name', label: 'First', type: 'text', required: true },
        { key: 'company', label: 'Company', type: 'text', required: false },
        {
          key: 'city',
          label: 'City',
          type: 'select',
          required: false,
          options: [{ value: 'London', label: 'L' }],
        },
      ],
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        employment: { company: 'Analytical Engines' },
        address: { city: 'London' },
      },
    );
    expect(answers).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      first_name: 'Ada',
      company: 'Analytical Engines',
    });
  });
});

describe('createRepeatFilter', () => {
  it('ignores the same code while it keeps being seen within the window', () => {
    let now = 0;
    const filter = createRepeatFilter(3000, () => now);
    expect(filter.accept('A')).toBe(true);
    now = 2000;
    expect(filter.accept('A')).toBe(false);
    now = 4500;
    expect(filter.accept('A')).toBe(false);
    now = 7600;
    expect(filter.accept('A')).toBe(true);
    expect(filter.accept('B')).toBe(true);
    // Another code in between does not make A new: each code is remembered on its own.
    expect(filter.accept('A')).toBe(false);
  });
});
