import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import { DATABASE_FILE } from '../../server/platform/database.ts';
import { deskSearchAndBrand } from '../../server/platform/migrations/009_desk_search_and_brand.ts';
import { migrations } from '../../server/platform/migrations/index.ts';
import { call, createEvent, startTestApp, tempDataDir, type TestApp } from '../helpers/app.ts';
import { setUpOwner, type DashboardClient } from '../helpers/dashboard.ts';

let t: TestApp;
let owner: DashboardClient;

const FIELDS = [
  { key: 'email', label: 'Email', type: 'email', required: true },
  { key: 'first_name', label: 'Prénom', type: 'text', required: true },
  { key: 'last_name', label: 'Nom', type: 'text', required: true },
  { key: 'company', label: 'Société', type: 'text', required: false },
  { key: 'job_title', label: 'Fonction', type: 'text', required: false },
  {
    key: 'ticket',
    label: 'Billet',
    type: 'select',
    required: false,
    options: [
      { value: 'visitor', label: 'Visiteur' },
      { value: 'exhibitor', label: 'Exposant' },
    ],
  },
] as const;

const PEOPLE = [
  {
    email: 'helene@example.com',
    first_name: 'Hélène',
    last_name: 'Fontaine',
    company: 'Nestlé',
    ticket: 'visitor',
  },
  {
    email: 'jurgen@example.com',
    first_name: 'Jürgen',
    last_name: 'Weiß',
    company: 'NESTLÉ Deutschland',
    job_title: 'Einkäufer',
    ticket: 'exhibitor',
  },
  { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines' },
];

beforeAll(async () => {
  t = await startTestApp();
  owner = await setUpOwner(t.app, 'Salon de Lyon');
});
afterAll(async () => t.close());

async function eventWithPeople(): Promise<EventRecord> {
  const event = createEvent(t.app, t.app.store.repos.organizations.list()[0]!, {
    registration_fields: FIELDS as unknown as never,
  });
  for (const person of PEOPLE) {
    const registered = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, { body: person });
    expect(registered.status).toBe(201);
  }
  return event;
}

describe('desk search', () => {
  let event: EventRecord;
  const names = async (q: string) => {
    const found = await owner.send('GET', `/events/${event.uuid}/attendees?q=${encodeURIComponent(q)}`);
    expect(found.status).toBe(200);
    return (found.body.data as { name: string }[]).map((a) => a.name);
  };

  beforeAll(async () => {
    event = await eventWithPeople();
  });

  it('ignores accents and case, and takes the words in any order', async () => {
    expect(await names('helene fontaine')).toEqual(['Hélène Fontaine']);
    expect(await names('HÉLÈNE')).toEqual(['Hélène Fontaine']);
    expect(await names('fontaine helene')).toEqual(['Hélène Fontaine']);
    expect(await names('helene lovelace')).toEqual([]);
    // ß is spelt out as people type it without the key.
    expect(await names('weiss')).toEqual(['Jürgen Weiß']);
  });

  it('finds a company however its accents are typed', async () => {
    expect(await names('Nestlé')).toEqual(['Hélène Fontaine', 'Jürgen Weiß']);
    expect(await names('nestle')).toEqual(['Hélène Fontaine', 'Jürgen Weiß']);
    expect(await names('nestle deutschland')).toEqual(['Jürgen Weiß']);
  });

  it('searches every registration field, and a choice by its label or its value', async () => {
    expect(await names('einkaufer')).toEqual(['Jürgen Weiß']);
    expect(await names('visiteur')).toEqual(['Hélène Fontaine']);
    expect(await names('exposant')).toEqual(['Jürgen Weiß']);
    expect(await names('exhibitor')).toEqual(['Jürgen Weiß']);
    expect(await names('jurgen@example')).toEqual(['Jürgen Weiß']);
  });

  it('takes LIKE wildcards as the letters they are', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('counts what matches, with the other filters', async () => {
    const found = await owner.send('GET', `/events/${event.uuid}/attendees?q=nestle&per_page=1`);
    expect(found.body.meta).toEqual({ total: 2, page: 1, per_page: 1 });
    const none = await owner.send('GET', `/events/${event.uuid}/attendees?q=nestle&checked_in=true`);
    expect(none.body.meta.total).toBe(0);
  });

  it('finds imported attendees the same way', async () => {
    const imported = await owner.send('POST', `/events/${event.uuid}/import`, {
      rows: [
        { email: 'francois@example.com', first_name: 'François', last_name: 'Lefèvre', company: 'Nestlé' },
      ],
    });
    expect(imported.status).toBe(200);
    expect(await names('francois lefevre')).toEqual(['François Lefèvre']);
  });
});

describe('the search column of rows from before it existed', () => {
  it('is filled when the database is upgraded, without counting as a change to replicate', async () => {
    const dataDir = tempDataDir();
    // A database as the version before the search column left it, with one attendee.
    const before = new Database(path.join(dataDir, DATABASE_FILE));
    const previous = migrations.indexOf(deskSearchAndBrand);
    for (const migration of migrations.slice(0, previous)) {
      if (typeof migration === 'string') before.exec(migration);
      else migration(before);
    }
    before.pragma(`user_version = ${previous}`);
    before.exec(`
      INSERT INTO organizations (id, uuid, name, slug, created_at) VALUES (1, 'o', 'Org', 'org', '2026-01-01');
      INSERT INTO events (id, uuid, organization_id, name, timezone, checkin_period_type, registration_fields,
        created_at, updated_at)
      VALUES (1, 'e', 1, 'Salon', 'UTC', 'immediate', '[]', '2026-01-01', '2026-01-01');
      INSERT INTO attendees (uuid, event_id, email, email_key, name, answers, status, registered_at, updated_at)
      VALUES ('a', 1, 'zoe@example.com', 'zoe@example.com', 'Zoë Ångström', '{"company":"Crème Brûlée SA"}',
        'confirmed', '2026-01-01', '2026-01-01');
    `);
    const revisionBefore = before.prepare('SELECT revision FROM sync_meta').pluck().get();
    before.close();

    // Upgraded by that migration (later ones replicate attendees otherwise: migration 017's ledger).
    const upgraded = new Database(path.join(dataDir, DATABASE_FILE));
    deskSearchAndBrand(upgraded);
    try {
      expect(upgraded.prepare("SELECT search_text FROM attendees WHERE uuid = 'a'").pluck().get()).toBe(
        'zoe angstrom\nzoe@example.com\ncreme brulee sa',
      );
      expect(upgraded.prepare('SELECT revision FROM sync_meta').pluck().get()).toBe(revisionBefore);
      // The trigger it stood aside for is back: a later change is replicated.
      upgraded.prepare("UPDATE attendees SET status = 'canceled' WHERE uuid = 'a'").run();
      expect(upgraded.prepare('SELECT revision FROM sync_meta').pluck().get()).toBe(
        Number(revisionBefore) + 1,
      );
    } finally {
      upgraded.close();
    }
  });
});
