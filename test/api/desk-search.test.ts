import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../server/events/event.types.ts';
import { DATABASE_FILE } from '../../server/platform/database.ts';
import { deskSearchAndBrand } from '../../server/platform/migrations/009_desk_search_and_brand.ts';
import { nameTypoKeys } from '../../server/platform/migrations/031_name_typo_keys.ts';
import { migrations } from '../../server/platform/migrations/index.ts';
import { call, createEvent, createToken, startTestApp, tempDataDir, type TestApp } from '../helpers/app.ts';
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

describe('desk search with a typo', () => {
  let event: EventRecord;
  const names = async (q: string, e = event) => {
    const found = await owner.send('GET', `/events/${e.uuid}/attendees?q=${encodeURIComponent(q)}`);
    expect(found.status).toBe(200);
    return (found.body.data as { name: string }[]).map((a) => a.name);
  };
  const register = async (
    e: EventRecord,
    email: string,
    first_name: string,
    last_name: string,
    company = '',
  ) => {
    const body = { email, first_name, last_name, ...(company ? { company } : {}) };
    expect((await call(t.app, 'POST', `/public/events/${e.uuid}/register`, { body })).status).toBe(201);
  };

  beforeAll(async () => {
    event = createEvent(t.app, t.app.store.repos.organizations.list()[0]!, {
      registration_fields: FIELDS as unknown as never,
    });
    await register(event, 'bertrand@example.com', 'Bertrand', 'Dupont', 'Nestlé');
    await register(event, 'helene@example.com', 'Hélène', 'Fontaine');
    await register(event, 'ada@example.com', 'Ada', 'Lovelace');
    await register(event, 'eva@example.com', 'Eva', 'Ruiz');
    // Registered last: a name as typed, which comes before the one a typo finds.
    await register(event, 'bertand@example.com', 'Bertand', 'Leroy');
  });

  it('finds a name of 4 letters or more with one letter missing, extra, wrong, or two swapped', async () => {
    expect(await names('dupnt')).toEqual(['Bertrand Dupont']); // missing
    expect(await names('duppont')).toEqual(['Bertrand Dupont']); // extra
    expect(await names('dupant')).toEqual(['Bertrand Dupont']); // wrong
    expect(await names('dupnot')).toEqual(['Bertrand Dupont']); // swapped
    // Accents and case folded first, as for every search: "fontane" is one letter from "fontaine".
    expect(await names('HELENE fontane')).toEqual(['Hélène Fontaine']);
  });

  it('ranks the names as typed before those a typo finds, each group in the order of registration', async () => {
    // "bertand" is Bertand Leroy's name as typed, and one letter from Bertrand Dupont's.
    expect(await names('bertand')).toEqual(['Bertand Leroy', 'Bertrand Dupont']);
    const found = await owner.send('GET', `/events/${event.uuid}/attendees?q=bertand&per_page=1&page=2`);
    expect(found.body.meta.total).toBe(2);
    expect(found.body.data.map((a: { name: string }) => a.name)).toEqual(['Bertrand Dupont']);
    // The token API's list searches the same way.
    const token = createToken(t.app, t.app.store.repos.organizations.list()[0]!);
    const listed = await call(t.app, 'GET', `/api/events/${event.uuid}/attendees?q=bertand`, { token });
    expect(listed.body.data.map((a: { name: string }) => a.name)).toEqual([
      'Bertand Leroy',
      'Bertrand Dupont',
    ]);
  });

  it('forgives one typo in a word, not two, and every word must still match', async () => {
    expect(await names('dupnat')).toEqual([]);
    expect(await names('dpnt')).toEqual([]);
    expect(await names('dupnt lovelace')).toEqual([]);
    expect(await names('bertrand dupnt')).toEqual(['Bertrand Dupont']);
  });

  it('does not fuzz short words, typed or named, nor the email and the answers', async () => {
    // "Ada" and "Eva" have 3 letters; a 3-letter query is matched as typed only.
    expect(await names('adda')).toEqual([]);
    expect(await names('evaa')).toEqual([]);
    expect(await names('ado')).toEqual([]);
    expect(await names('eva')).toEqual(['Eva Ruiz']);
    // Nestlé is a company, not a name.
    expect(await names('nestel')).toEqual([]);
  });

  it('finds imported names with a typo too, and names of other events never', async () => {
    const imported = await owner.send('POST', `/events/${event.uuid}/import`, {
      rows: [{ email: 'francois@example.com', first_name: 'François', last_name: 'Lefèvre' }],
    });
    expect(imported.status).toBe(200);
    expect(await names('francios')).toEqual(['François Lefèvre']);
    const other = createEvent(t.app, t.app.store.repos.organizations.list()[0]!);
    await register(other, 'bertrand@example.com', 'Bertrand', 'Dupont');
    expect(await names('dupnt', other)).toEqual(['Bertrand Dupont']);
    expect(await names('dupnt')).toEqual(['Bertrand Dupont']);
    expect(await names('francios', other)).toEqual([]);
  });

  it('keeps its index with the rows: a deleted event takes its words along, the dictionary stays', async () => {
    const count = (sql: string) => t.app.store.db.prepare(sql).pluck().get(event.id) as number;
    const words = () => count('SELECT COUNT(*) FROM attendee_name_words WHERE event_id = ?');
    // Bertrand Dupont: bertrand and dupont; Hélène Fontaine: helene, fontaine; and so on (not "Ada" nor "Eva").
    expect(words()).toBeGreaterThanOrEqual(10);
    // Each word once in the dictionary, under itself and each of its one-letter deletions.
    expect(count("SELECT COUNT(*) FROM name_word_keys WHERE word = 'dupont' AND ? IS NOT NULL")).toBe(7);
    t.app.store.db.prepare('DELETE FROM events WHERE id = ?').run(event.id);
    expect(words()).toBe(0);
    expect(count("SELECT COUNT(*) FROM name_word_keys WHERE word = 'dupont' AND ? IS NOT NULL")).toBe(7);
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

describe('the typo index of rows from before it existed', () => {
  it('is filled when the database is upgraded: each name word, and each word once in the dictionary', () => {
    const dataDir = tempDataDir();
    const before = new Database(path.join(dataDir, DATABASE_FILE));
    const previous = migrations.indexOf(nameTypoKeys);
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
      INSERT INTO attendees (id, uuid, event_id, email, email_key, name, answers, status, registered_at, updated_at,
        checkin_code)
      VALUES (1, 'a', 1, 'zoe@example.com', 'zoe@example.com', 'Zoë Ångström', '{}', 'confirmed', '2026-01-01',
          '2026-01-01', 'C1'),
        (2, 'b', 1, 'ana@example.com', 'ana@example.com', 'Ana Ångström', '{}', 'confirmed', '2026-01-01',
          '2026-01-01', 'C2');
    `);
    nameTypoKeys(before);
    try {
      expect(
        before.prepare('SELECT word, attendee_id FROM attendee_name_words ORDER BY attendee_id').all(),
      ).toEqual([
        { word: 'angstrom', attendee_id: 1 },
        { word: 'angstrom', attendee_id: 2 },
      ]);
      expect(
        before.prepare("SELECT key FROM name_word_keys WHERE word = 'angstrom'").pluck().all(),
      ).toHaveLength(9);
    } finally {
      before.close();
    }
  });
});
