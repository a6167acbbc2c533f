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
    const pool = [
      { domain: 'example.com', count: 3 },
      ...['acme.io', 'initech.com', 'globex.fr', 'umbrella.de', 'hooli.xyz'].map((domain) => ({
        domain,
        count: 1,
      })),
    ];
    const choices = domainChoices(ada, pool)!;
    expect(choices).toHaveLength(4);
    expect(choices).toContain('example.com');
    expect(choices).toEqual([...choices].sort());
    expect(domainChoices(ada, [...pool].reverse())).toEqual(choices);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      for (const domain of domainChoices({ ...ada, checkinCode: `ZyXwVuTsRqPoNmLk${i}` }, pool)!)
        seen.add(domain);
    }
    // Decoys differ from one registration to another: no fixed trio gives the real one away.
    expect(seen.size).toBe(pool.length);
  });
});

describe('decoys as plausible as the true domain (issue 32, row 5)', () => {
  /** A deterministic stand-in for random check-in codes. */
  const codeOf = (i: number) => `code${String(i).padStart(12, '0')}`;

  /**
   * An event as venues have them: half the people on webmail (one provider far ahead), some companies sending
   * several people, and many people whose company nobody else shares.
   */
  function venueEvent() {
    const people: { email: string; checkinCode: string }[] = [];
    const add = (domain: string, n: number) => {
      for (let i = 0; i < n; i++)
        people.push({ email: `p${people.length}@${domain}`, checkinCode: codeOf(people.length) });
    };
    add('gmail.com', 60);
    add('outlook.com', 25);
    add('yahoo.fr', 15);
    add('orange.fr', 10);
    add('free.fr', 10);
    for (let c = 0; c < 10; c++) add(`bigcorp${c}.com`, 6);
    for (let c = 0; c < 120; c++) add(`small-firm-${c}.fr`, 1);
    const counts = new Map<string, number>();
    for (const { email } of people)
      counts.set(email.split('@')[1]!, (counts.get(email.split('@')[1]!) ?? 0) + 1);
    const pool = [...counts].map(([domain, count]) => ({ domain, count }));
    return { people, pool };
  }

  it('gives a company domain nobody else has company domains as decoys, and a webmail address webmail ones', () => {
    const { pool } = venueEvent();
    const loner = domainChoices({ email: 'zoe@zeta-widgets.com', checkinCode: codeOf(9999) }, pool)!;
    expect(loner).toContain('zeta-widgets.com');
    for (const domain of loner) expect(COMMON_EMAIL_DOMAINS).not.toContain(domain);
    const webmail = domainChoices({ email: 'zoe@gmx.de', checkinCode: codeOf(9998) }, pool)!;
    for (const domain of webmail) expect(COMMON_EMAIL_DOMAINS).toContain(domain);
  });

  it('leaves an attacker who collects every choice of the event far from sure of a lone company', () => {
    const { people, pool } = venueEvent();
    const sets = people.map((person) => ({ person, choices: domainChoices(person, pool)! }));
    // Every set is of one kind: no domain is the odd one out by what it is.
    for (const { choices } of sets) {
      const kinds = new Set(choices.map((d) => COMMON_EMAIL_DOMAINS.includes(d as never)));
      expect(kinds.size).toBe(1);
    }
    // The best a stranger can do with all of them: the domain seen least often is likeliest nobody's decoy.
    const seen = new Map<string, number>();
    for (const { choices } of sets) for (const d of choices) seen.set(d, (seen.get(d) ?? 0) + 1);
    const lonely = sets.filter(({ person }) => person.email.includes('small-firm'));
    const guessed = lonely.filter(({ person, choices }) => {
      const rarest = [...choices].sort((a, b) => seen.get(a)! - seen.get(b)! || a.localeCompare(b))[0];
      return person.email.endsWith(`@${rarest}`);
    });
    // Before decoys were drawn like the truth, every one of them was given away (the only company domain). Now
    // even one who searched every name of the event (30 searches a minute per kiosk) is wrong about half the time,
    // and a wrong answer sends that registration to staff; one search alone shows four equally likely domains.
    expect(guessed.length / lonely.length).toBeLessThan(0.7);
    // And a lone company's domain is shown as someone else's decoy about three times over.
    const decoyShows = lonely.map(({ person }) => seen.get(person.email.split('@')[1]!)! - 1);
    expect(decoyShows.reduce((a, b) => a + b, 0) / decoyShows.length).toBeGreaterThan(2);
  });

  it('offers no choice at all when the domain has too few of its kind to hide among', () => {
    const pool = [
      { domain: 'example.com', count: 10 },
      { domain: 'acme.io', count: 1 },
      { domain: 'gmail.com', count: 4 },
    ];
    expect(domainChoices({ email: 'ada@example.com', checkinCode: codeOf(1) }, pool)).toBeNull();
    // A webmail address always has webmail to hide among.
    expect(domainChoices({ email: 'ada@gmail.com', checkinCode: codeOf(1) }, pool)).toHaveLength(4);
  });
});
