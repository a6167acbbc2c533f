import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RegistrationField } from '../../server/contract/vocabulary.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import { call, createEvent, startTestApp, type TestApp } from '../helpers/app.ts';
import { setUpOwner, type DashboardClient } from '../helpers/dashboard.ts';

/** Spreadsheets as venues have them: choices by their labels, partial imports, exports Excel reads. */

let t: TestApp;
let owner: DashboardClient;
let event: EventRecord;

const FIELDS: RegistrationField[] = [
  { key: 'email', label: 'E-mail', type: 'email', required: true },
  { key: 'first_name', label: 'Prénom', type: 'text', required: true },
  { key: 'last_name', label: 'Nom', type: 'text', required: true },
  {
    key: 'ticket',
    label: 'Billet',
    type: 'select',
    required: true,
    options: [
      { value: 'visitor', label: 'Visiteur' },
      { value: 'exhibitor', label: 'Exposant' },
    ],
  },
];

const person = (email: string, ticket: string) => ({
  email,
  first_name: 'Éloïse',
  last_name: 'Müller',
  ticket,
});
const importRows = (body: unknown) => owner.send('POST', `/events/${event.uuid}/import`, body);
const ticketOf = (email: string) => t.app.store.repos.attendees.findForEmail(event.id, email)?.answers.ticket;

beforeAll(async () => {
  t = await startTestApp();
  owner = await setUpOwner(t.app, 'Salon de Lyon');
});
afterAll(async () => t.close());
beforeEach(() => {
  event = createEvent(t.app, t.app.store.repos.organizations.list()[0]!, {
    name: 'Salon Été / Lyon',
    timezone: 'Europe/Paris',
    registration_fields: FIELDS as never,
  });
});

describe('import', () => {
  it('takes a choice by its label as well as by its value, accents and case aside', async () => {
    const imported = await importRows({
      rows: [
        person('a@example.com', 'Visiteur'),
        person('b@example.com', ' exposant '),
        person('c@example.com', 'exhibitor'),
      ],
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ message: 'Imported 3 attendees.', imported: 3 });
    expect([ticketOf('a@example.com'), ticketOf('b@example.com'), ticketOf('c@example.com')]).toEqual([
      'visitor',
      'exhibitor',
      'exhibitor',
    ]);
  });

  it('names the value a choice column held and the choices it may hold', async () => {
    const refused = await importRows({
      rows: [person('a@example.com', 'visitor'), person('b@example.com', 'VIP')],
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: 'Some rows are invalid. Nothing was imported.',
      rows: [
        {
          row: 2,
          errors: {
            ticket: ['The ticket "VIP" is not one of the choices: Visiteur (visitor), Exposant (exhibitor).'],
          },
        },
      ],
    });
    expect(ticketOf('a@example.com')).toBeUndefined();
  });

  it('on request, imports the good rows and reports the rest', async () => {
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: person('taken@example.com', 'visitor'),
    });
    const rows = [
      person('a@example.com', 'Visiteur'),
      person('b@example.com', 'VIP'),
      person('TAKEN@example.com', 'visitor'),
      { ...person('d@example.com', 'visitor'), first_name: '' },
      person('e@example.com', 'Exposant'),
    ];
    const imported = await importRows({ rows, mode: 'valid_rows' });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      message: 'Imported 2 attendees. 3 rows were left out: see why below.',
      imported: 2,
      skipped: [
        {
          row: 2,
          errors: {
            ticket: ['The ticket "VIP" is not one of the choices: Visiteur (visitor), Exposant (exhibitor).'],
          },
        },
        { row: 3, errors: { email: ['The email has already been taken.'] } },
        { row: 4, errors: { first_name: ['The first name field is required.'] } },
      ],
    });
    expect([ticketOf('a@example.com'), ticketOf('e@example.com'), ticketOf('d@example.com')]).toEqual([
      'visitor',
      'exhibitor',
      undefined,
    ]);
    // Without the choice, the same file is all or nothing.
    const again = await importRows({
      rows: [person('f@example.com', 'visitor'), person('g@example.com', 'VIP')],
    });
    expect(again.status).toBe(422);
    expect(ticketOf('f@example.com')).toBeUndefined();
  });

  it('with nothing good to import, says so as all or nothing does', async () => {
    const refused = await importRows({ rows: [person('a@example.com', 'VIP')], mode: 'valid_rows' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Some rows are invalid. Nothing was imported.');
    expect((await importRows({ rows: [person('a@example.com', 'visitor')], mode: 'some' })).status).toBe(422);
  });
});

describe('export', () => {
  it('is UTF-8 with a byte order mark, choices by their labels, times in the event zone, the name kept', async () => {
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: person('a@example.com', 'exhibitor'),
    });
    const ada = t.app.store.repos.attendees.findForEmail(event.id, 'a@example.com')!;
    const res = await owner.send('GET', `/events/${event.uuid}/attendees.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Salon-Ete-Lyon.csv"; filename*=UTF-8''Salon%20%C3%89t%C3%A9%20-%20Lyon.csv`,
    );
    const text = res.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines).toEqual([
      '"id","E-mail","Prénom","Nom","Billet","status","registered_at","checked_in_at","checkin_code"',
      // The test clock's 10:00 UTC is 11:00 in Lyon in November.
      `"${ada.uuid}","a@example.com","Éloïse","Müller","Exposant","confirmed","2026-11-21T11:00:00+01:00","","${ada.checkinCode}"`,
    ]);
  });
});
