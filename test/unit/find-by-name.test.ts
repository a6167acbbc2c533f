import { describe, expect, it } from 'vitest';
import type { RegistrationField } from '../../server/contract/vocabulary.ts';
import {
  COMMON_EMAIL_DOMAINS,
  domainChoices,
  maskEmail,
  matchesName,
  nameQuery,
  shortName,
} from '../../server/attendees/find-by-name.rules.ts';

const NAMED: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'First name', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', type: 'text', required: true },
];
const ONE_NAME: RegistrationField[] = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'name', label: 'Name', type: 'text', required: true },
];

const person = (first: string, last: string, email = 'x@example.com') => ({
  name: `${first} ${last}`,
  email,
  answers: { first_name: first, last_name: last, email },
});

const finds = (query: string, attendee: ReturnType<typeof person>, fields = NAMED) =>
  matchesName(nameQuery(query)!, attendee, fields);

describe('finding by name', () => {
  it('needs two letters or more, spaces and hyphens aside', () => {
    expect(nameQuery('Li')).toEqual(['li']);
    expect(nameQuery(' x- ')).toBeNull();
    expect(nameQuery("O'Brien")).toEqual(['o', 'brien']);
  });

  it('finds by a whole word of the last name, or all of it, never by a first name alone', () => {
    const marie = person('Marie', 'de La Fontaine-Lefèvre');
    expect(finds('lefevre', marie)).toBe(true);
    expect(finds('FONTAINE lefèvre', marie)).toBe(true);
    expect(finds('marie fontaine', marie)).toBe(true);
    expect(finds('delafontainelefevre', marie)).toBe(true);
    expect(finds('marie', marie)).toBe(false);
    expect(finds('lefe', marie)).toBe(false);
    expect(finds('sophie fontaine', marie)).toBe(false);
    expect(finds('ssen', person('Jo', 'Øssen'))).toBe(false);
    expect(finds('ossen', person('Jo', 'Øssen'))).toBe(true);
  });

  it('searches the one name field of an event that asks for no last name', () => {
    const ada = {
      name: 'Ada King Lovelace',
      email: 'ada@example.com',
      answers: { name: 'Ada King Lovelace' },
    };
    expect(matchesName(nameQuery('lovelace')!, ada, ONE_NAME)).toBe(true);
    expect(matchesName(nameQuery('ada king')!, ada, ONE_NAME)).toBe(true);
    expect(shortName(ada, ONE_NAME)).toBe('Ada L.');
  });

  it('shows a first name with an initial and the first character of an email, never the rest', () => {
    expect(shortName(person('Hélène', 'fontaine'), NAMED)).toBe('Hélène F.');
    expect(shortName(person('', 'Øssen'), NAMED)).toBe('Ø.');
    expect(maskEmail('helene.fontaine@nestle.com')).toBe('h•••@•••');
    // An event without names names people by their email: the mask, not the address.
    const anonymous = { name: 'zoe@example.com', email: 'zoe@example.com', answers: {} };
    expect(shortName(anonymous, [NAMED[0]!])).toBe('z•••@•••');
  });

  it("offers the email's domain among three decoys, sorted, the same for the same registration", () => {
    const ada = { email: 'Ada@Example.COM', checkinCode: 'AbCdEfGhIjKlMnOp' };
    const choices = domainChoices(ada, [...COMMON_EMAIL_DOMAINS, 'example.com']);
    expect(choices).toHaveLength(4);
    expect(choices).toContain('example.com');
    expect(choices).toEqual([...choices].sort());
    expect(domainChoices(ada, [...COMMON_EMAIL_DOMAINS].reverse())).toEqual(choices);
    const other = { ...ada, checkinCode: 'ZyXwVuTsRqPoNmLk' };
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      for (const domain of domainChoices(
        { ...other, checkinCode: `${other.checkinCode}${i}` },
        COMMON_EMAIL_DOMAINS,
      ))
        seen.add(domain);
    }
    // Decoys differ from one registration to another: no fixed trio gives the real one away.
    expect(seen.size).toBeGreaterThan(6);
  });
});
