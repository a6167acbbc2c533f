import { describe, expect, it } from 'vitest';
import { attendeeName, validateRegistration } from '../../server/attendees/registration.rules.ts';
import type { FieldType, RegistrationField } from '../../server/contract/vocabulary.ts';

const field = (type: FieldType, extra: Partial<RegistrationField> = {}): RegistrationField => ({
  key: 'answer',
  label: 'Answer',
  type,
  required: true,
  ...extra,
});

const errorsFor = (f: RegistrationField, value: unknown) => {
  const result = validateRegistration([f], { answer: value });
  return result.ok ? null : result.errors.answer;
};

describe('validateRegistration, each field type at its boundary', () => {
  it.each([
    ['text', 255],
    ['phone', 20],
    ['textarea', 5000],
  ] as const)('%s accepts %i characters and refuses one more', (type, max) => {
    expect(errorsFor(field(type), 'x'.repeat(max))).toBeNull();
    expect(errorsFor(field(type), 'x'.repeat(max + 1))).toEqual([
      `The answer field must not be greater than ${max} characters.`,
    ]);
  });

  it('counts characters, not bytes or UTF-16 units', () => {
    expect(errorsFor(field('text'), '😀'.repeat(255))).toBeNull();
    expect(errorsFor(field('text'), 'é'.repeat(256))).not.toBeNull();
  });

  it('text and phone are single-line; textarea may span lines', () => {
    expect(errorsFor(field('text'), 'a\nb')).toEqual([
      'The answer field must be a single line, without line breaks or tabs.',
    ]);
    expect(errorsFor(field('textarea'), 'a\nb')).toBeNull();
  });

  it('email must be a valid address', () => {
    expect(errorsFor(field('email'), 'ada@example.com')).toBeNull();
    for (const bad of ['ada', 'ada@', '@example.com', 'a b@example.com', 'ada@example']) {
      expect(errorsFor(field('email'), bad)).toEqual(['The answer field must be a valid email address.']);
    }
  });

  it('date must be a real calendar date in YYYY-MM-DD', () => {
    for (const good of ['2026-11-21', '2024-02-29', '2000-02-29'])
      expect(errorsFor(field('date'), good)).toBeNull();
    for (const bad of [
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-04-31',
      '21/11/2026',
      '2026-1-5',
      '2026-11-21T10:00',
    ]) {
      expect(errorsFor(field('date'), bad)).toEqual(['The answer field must be a valid date.']);
    }
  });

  it('select must match one of its options exactly', () => {
    const select = field('select', { options: [{ value: 'veg', label: 'Vegetarian' }] });
    expect(errorsFor(select, 'veg')).toBeNull();
    expect(errorsFor(select, 'VEG')).toEqual(['The selected answer is invalid.']);
    expect(errorsFor(select, 'Vegetarian')).toEqual(['The selected answer is invalid.']);
  });

  it('wrong JSON types fail validation', () => {
    for (const value of [42, true, ['a'], { a: 1 }]) {
      expect(errorsFor(field('text'), value)).toEqual(['The answer field must be a string.']);
    }
  });

  it('required fields: missing, null, empty or blank are all "required"; optional ones are simply left out', () => {
    for (const value of [undefined, null, '', '   ']) {
      expect(errorsFor(field('text'), value)).toEqual(['The answer field is required.']);
      expect(validateRegistration([field('text', { required: false })], { answer: value })).toEqual({
        ok: true,
        answers: {},
      });
    }
  });

  it('trims values and drops keys the event does not define', () => {
    expect(
      validateRegistration([field('text')], { answer: '  hi  ', extra: 'x', __proto__: { polluted: 1 } }),
    ).toEqual({
      ok: true,
      answers: { answer: 'hi' },
    });
  });

  it('a body that is not an object is judged as empty', () => {
    for (const body of [null, 'text', [1, 2], 5]) {
      expect(validateRegistration([field('text')], body)).toEqual({
        ok: false,
        errors: { answer: ['The answer field is required.'] },
      });
    }
  });
});

describe('attendeeName', () => {
  const f = (...keys: string[]) => keys.map((key) => field('text', { key }));
  it('joins first and last name when the event asks for them', () => {
    expect(
      attendeeName(
        f('email', 'first_name', 'last_name'),
        { first_name: 'Ada', last_name: 'Lovelace' },
        'a@x.co',
      ),
    ).toBe('Ada Lovelace');
    expect(attendeeName(f('email', 'first_name', 'last_name'), { first_name: 'Ada' }, 'a@x.co')).toBe('Ada');
  });
  it('uses a name field otherwise, else the email', () => {
    expect(attendeeName(f('email', 'name'), { name: 'Grace Hopper' }, 'g@x.co')).toBe('Grace Hopper');
    expect(attendeeName(f('email'), {}, 'g@x.co')).toBe('g@x.co');
  });
});
