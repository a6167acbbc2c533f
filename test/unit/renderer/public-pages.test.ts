import { describe, expect, it } from 'vitest';
import { autocompleteFor } from '../../../renderer/src/public/event/autocomplete.ts';
import { ticketPathOf } from '../../../renderer/src/public/event/ticket-link.ts';
import { pageLanguage } from '../../../renderer/src/public/language.ts';
import { fieldsInLanguage } from '../../../renderer/src/shared/registration-form/localized-fields.ts';
import { parsePublicRoute, publicPaths } from '../../../renderer/src/public/routes.ts';

describe("the public pages' addresses", () => {
  it.each([
    [
      '/e/4f1c2e4e-0000-4000-8000-000000000000',
      { name: 'event', eventId: '4f1c2e4e-0000-4000-8000-000000000000' },
    ],
    ['/t/Zq3xV8mP0aLr2cT9', { name: 'ticket', secret: 'Zq3xV8mP0aLr2cT9' }],
    ['/t/Zq3xV8mP0aLr2cT9/', { name: 'ticket', secret: 'Zq3xV8mP0aLr2cT9' }],
    ['/e', { name: 'not-found' }],
    ['/e/a/b', { name: 'not-found' }],
    ['/x/abc', { name: 'not-found' }],
    ['/t/%E0%A4%A', { name: 'not-found' }],
  ])('%s is %o', (path, route) => {
    expect(parsePublicRoute(path)).toEqual(route);
  });

  it('reads back what it writes', () => {
    expect(parsePublicRoute(publicPaths.event('a b'))).toEqual({ name: 'event', eventId: 'a b' });
    expect(parsePublicRoute(publicPaths.ticket('x/y'))).toEqual({ name: 'ticket', secret: 'x/y' });
  });
});

describe('the ticket a registration leads to', () => {
  const origin = 'http://192.168.1.20:8787';

  it("keeps the ticket's path on this server, whatever public address the link was built on", () => {
    expect(ticketPathOf('https://tickets.example.org/t/Zq3xV8mP0aLr2cT9', origin)).toBe(
      '/t/Zq3xV8mP0aLr2cT9',
    );
    expect(ticketPathOf('/t/Zq3xV8mP0aLr2cT9', origin)).toBe('/t/Zq3xV8mP0aLr2cT9');
  });

  it('is none without a ticket link, or with one that is not a ticket page', () => {
    expect(ticketPathOf(undefined, origin)).toBeNull();
    expect(ticketPathOf('https://example.org/welcome', origin)).toBeNull();
    expect(ticketPathOf('http://[bad', origin)).toBeNull();
  });
});

describe("a field's autocomplete", () => {
  it.each([
    [{ key: 'email', type: 'email' }, 'email'],
    [{ key: 'work_email', type: 'email' }, 'email'],
    [{ key: 'mobile', type: 'phone' }, 'tel'],
    [{ key: 'first_name', type: 'text' }, 'given-name'],
    [{ key: 'last_name', type: 'text' }, 'family-name'],
    [{ key: 'company', type: 'text' }, 'organization'],
    [{ key: 'job_title', type: 'text' }, 'organization-title'],
    [{ key: 'birthday', type: 'date' }, 'bday'],
    [{ key: 'arrival_date', type: 'date' }, 'off'],
    [{ key: 'birthday', type: 'text' }, 'off'],
    [{ key: 'company', type: 'select' }, 'off'],
    [{ key: 'dietary_needs', type: 'textarea' }, 'off'],
    [{ key: 'ticket_type', type: 'select' }, 'off'],
  ] as const)('%o is %s', (field, token) => {
    expect(autocompleteFor(field)).toBe(token);
  });
});

describe("the public pages' language", () => {
  it('is the address’s ?lang=, else the browser’s first one the pages speak, else English', () => {
    expect(pageLanguage('?lang=fr', ['en-US'])).toBe('fr');
    expect(pageLanguage('?lang=de', ['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(pageLanguage('', ['de-DE', 'it'])).toBe('en');
    expect(pageLanguage('?lang=EN', ['fr'])).toBe('en');
  });
});

describe('a form in the language on screen', () => {
  const fields = [
    { key: 'first_name', label: 'First name', label_fr: 'Prénom', type: 'text' as const, required: true },
    { key: 'company', label: 'Company', type: 'text' as const, required: false },
    {
      key: 'ticket',
      label: 'Ticket',
      label_fr: 'Billet',
      type: 'select' as const,
      required: true,
      options: [
        { value: 'visitor', label: 'Visitor', label_fr: 'Visiteur' },
        { value: 'press', label: 'Press' },
      ],
    },
  ];

  it('takes each French label the editor gave, else the English one; keys and values stay', () => {
    const french = fieldsInLanguage(fields, 'fr');
    expect(french.map((f) => [f.key, f.label])).toEqual([
      ['first_name', 'Prénom'],
      ['company', 'Company'],
      ['ticket', 'Billet'],
    ]);
    expect(french[2]!.options).toMatchObject([
      { value: 'visitor', label: 'Visiteur' },
      { value: 'press', label: 'Press' },
    ]);
  });

  it('leaves English as it is', () => {
    expect(fieldsInLanguage(fields, 'en')).toEqual(fields);
  });
});
