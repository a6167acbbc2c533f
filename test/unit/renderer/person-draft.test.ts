import { describe, expect, it } from 'vitest';
import type { Person } from '../../../renderer/src/dashboard/api/people.ts';
import {
  errorKey,
  personDraft,
  personInput,
  type PersonDraft,
} from '../../../renderer/src/dashboard/people/person-draft.ts';

const ADA: Person = {
  id: '5f0c6d1e-4f1a-4c37-9a55-0c2f4f1b2a10',
  profile_code: 'Yzq6X9O1B64H',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: null,
  birthday: '1815-12-10',
  address: { street: null, city: 'London', state: null, postal_code: null, country: 'UK' },
  employment: null,
  profile_public: true,
  public_fields: ['first_name', 'last_name', 'address'],
  created_at: '2026-11-21T10:00:00+00:00',
  updated_at: '2026-11-21T10:00:00+00:00',
};

describe('the person form', () => {
  it('starts a new person private, with the name ready to show once the profile is made public', () => {
    const draft = personDraft(null);
    expect(draft.profile_public).toBe(false);
    expect(draft.public_fields).toEqual(['first_name', 'last_name']);
    expect(draft.email).toBe('');
    expect(draft.city).toBe('');
  });

  it('gives back what it was given when nothing is edited', () => {
    const { id: _id, profile_code: _code, created_at: _c, updated_at: _u, ...input } = ADA;
    expect(personInput(personDraft(ADA))).toEqual({
      ...input,
      // The address as the server keeps it; an empty group is null, not an object of nulls.
      address: { street: null, city: 'London', state: null, postal_code: null, country: 'UK' },
      employment: null,
    });
  });

  it('trims what was typed, sends empty texts as null, and drops a group left wholly empty', () => {
    const draft: PersonDraft = {
      ...personDraft(ADA),
      email: '  ada@example.com ',
      first_name: ' Ada ',
      phone: '   ',
      city: ' ',
      country: '',
      job_title: ' Analyst ',
    };
    const input = personInput(draft);
    expect(input.email).toBe('ada@example.com');
    expect(input.first_name).toBe('Ada');
    expect(input.phone).toBeNull();
    expect(input.address).toBeNull();
    expect(input.employment).toEqual({ job_title: 'Analyst', company: null });
  });

  it('sends the public fields in the catalogue order, whatever order they were ticked in', () => {
    const draft: PersonDraft = { ...personDraft(ADA), public_fields: ['employment', 'email', 'first_name'] };
    expect(personInput(draft).public_fields).toEqual(['first_name', 'email', 'employment']);
  });

  it.each([
    ['city', 'address.city'],
    ['postal_code', 'address.postal_code'],
    ['company', 'employment.company'],
    ['email', 'email'],
    ['birthday', 'birthday'],
  ] as const)('finds the server’s problem with %s under %s', (key, expected) => {
    expect(errorKey(key)).toBe(expected);
  });
});
