/**
 * Text that is text (issue 36, row 9; platform/text.rules.ts), as a property over the routes that take what people
 * type: a control character (C0 but tab and line breaks, DEL, C1), a direction override, or in a single-line field
 * a line break or tab, anywhere inside otherwise plausible text, is a 422 under its field with the sentence for
 * what it is, and nothing is stored; the same text without it goes through. Also the sync's ops (each refused on
 * its own) and the CLI.
 */
import fc from 'fast-check';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/cli.ts';
import type { EventRecord } from '../../server/events/event.types.ts';
import type { Organization } from '../../server/organizations/organization.types.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  startTestApp,
  tempDataDir,
  type TestApp,
} from '../helpers/app.ts';
import { signedInMember, type DashboardClient } from '../helpers/dashboard.ts';
import { fuzzParameters } from '../helpers/fuzz.ts';

type Fault = 'control' | 'direction' | 'line_break';

const SENTENCE: Record<Fault, string> = {
  control: 'must not contain control characters.',
  direction: 'must not contain characters that change the direction of text.',
  line_break: 'must be a single line, without line breaks or tabs.',
};

const fromCodes = (ranges: readonly [number, number][]) =>
  fc.oneof(...ranges.map(([min, max]) => fc.integer({ min, max }))).map((code) => String.fromCharCode(code));

const faulty: Record<Fault, fc.Arbitrary<string>> = {
  control: fromCodes([
    [0x01, 0x08],
    [0x0b, 0x0c],
    [0x0e, 0x1f],
    [0x7f, 0x9f],
  ]),
  direction: fromCodes([
    [0x202a, 0x202e],
    [0x2066, 0x2069],
  ]),
  line_break: fc.constantFrom('\n', '\r', '\r\n', '\t', '\u2028', '\u2029'),
};

/** Letters, accents, other scripts, emoji, spaces and punctuation: what names and places are made of. */
const plausible = fc
  .array(
    fc.constantFrom('A', 'd', 'a', 'é', 'ß', 'ø', '李', 'نور', 'Ж', '😀', '-', "'", ' ', '.', '&', '(', '1'),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** Plausible text with a faulty character inside it (never at an end, which trimming would drop). */
const withFault = (fault: Fault) =>
  fc.tuple(plausible, faulty[fault], plausible).map(([before, bad, after]) => `x${before}${bad}${after}x`);

let t: TestApp;
let org: Organization;
let event: EventRecord;
let owner: DashboardClient;
let token: string;
/** An event of its own for the check-in lists made here, so the registration routes' event keeps only its default. */
let listed: EventRecord;
let renamedListId: string;
let serial = 0;

beforeAll(async () => {
  t = await startTestApp({ kioskDir: false, mail: { autoDispatch: false } });
  org = createOrganization(t.app, 'Text Org');
  event = createEvent(t.app, org, {
    registration_fields: [
      { key: 'email', label: 'Email', type: 'email', required: true },
      { key: 'first_name', label: 'First name', type: 'text', required: true },
      { key: 'last_name', label: 'Last name', type: 'text', required: false },
      { key: 'notes', label: 'Notes', type: 'textarea', required: false },
    ],
  });
  owner = await signedInMember(t.app, org, 'owner');
  token = createToken(t.app, org);
  listed = createEvent(t.app, org, { name: 'Listed' });
  const made = await owner.send('POST', `/events/${listed.uuid}/check-in-lists`, { name: 'Hall B' });
  renamedListId = made.body.data.id;
});
afterAll(async () => t.close());

const count = (table: string) =>
  (t.app.store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

interface TextRoute {
  name: string;
  /** Single-line fields refuse line breaks; the others only what no field may hold. */
  lines: 'one' | 'many';
  /** Sends `text` in the route's field; answers the status, the errors under the field, and the rows it may add. */
  send(text: string): Promise<{ status: number; errors: string[] | undefined }>;
  /** The field as a 422 names it. */
  field: string;
  rows: () => number;
}

const email = () => `p${++serial}@example.com`;

const ROUTES: TextRoute[] = [
  {
    name: 'public register, a text answer',
    lines: 'one',
    field: 'The first name field',
    rows: () => count('attendees'),
    async send(text) {
      const body = { email: email(), first_name: text };
      const r = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, { body });
      return { status: r.status, errors: r.body.errors?.first_name };
    },
  },
  {
    name: 'public register, a textarea answer',
    lines: 'many',
    field: 'The notes field',
    rows: () => count('attendees'),
    async send(text) {
      const body = { email: email(), first_name: 'Ada', notes: text };
      const r = await call(t.app, 'POST', `/public/events/${event.uuid}/register`, { body });
      return { status: r.status, errors: r.body.errors?.notes };
    },
  },
  {
    name: 'kiosk register',
    lines: 'one',
    field: 'The last name field',
    rows: () => count('attendees'),
    async send(text) {
      const body = { email: email(), first_name: 'Ada', last_name: text };
      const r = await call(t.app, 'POST', `/kiosk/api/events/${event.uuid}/register`, { body });
      return { status: r.status, errors: r.body.errors?.last_name };
    },
  },
  {
    name: 'walk-in at the desk',
    lines: 'one',
    field: 'The first name field',
    rows: () => count('attendees'),
    async send(text) {
      const r = await owner.send('POST', `/events/${event.uuid}/attendees`, {
        email: email(),
        first_name: text,
      });
      return { status: r.status, errors: r.body.errors?.first_name };
    },
  },
  {
    name: 'a new event over the token API',
    lines: 'one',
    field: 'The name field',
    rows: () => count('events'),
    async send(text) {
      const r = await call(t.app, 'POST', '/api/events', { token, body: { name: text } });
      return { status: r.status, errors: r.body.errors?.name };
    },
  },
  {
    name: "an event's place in the dashboard",
    lines: 'one',
    field: 'The location field',
    rows: () => count('events'),
    async send(text) {
      const r = await owner.send('PATCH', `/events/${event.uuid}`, { location: text });
      return { status: r.status, errors: r.body.errors?.location };
    },
  },
  {
    name: "a registration field's label",
    lines: 'one',
    field: 'The label of field 2',
    rows: () => count('events'),
    async send(text) {
      const fields = [
        { key: 'email', label: 'Email', type: 'email', required: true },
        { key: 'first_name', label: text, type: 'text', required: true },
      ];
      const r = await call(t.app, 'POST', '/api/events', {
        token,
        body: { name: 'Labelled', registration_fields: fields },
      });
      return { status: r.status, errors: r.body.errors?.['registration_fields.1.label'] };
    },
  },
  {
    name: 'a person over the token API',
    lines: 'one',
    field: 'The address.city field',
    rows: () => count('users'),
    async send(text) {
      const r = await call(t.app, 'POST', '/api/users', {
        token,
        body: { email: email(), first_name: 'Ada', address: { city: text } },
      });
      return { status: r.status, errors: r.body.errors?.['address.city'] };
    },
  },
  {
    name: "the mail settings' from-name",
    lines: 'one',
    field: 'The from name field',
    rows: () => count('mail_settings'),
    async send(text) {
      const r = await owner.send('PUT', '/mail-settings', {
        host: '127.0.0.1',
        port: 2525,
        security: 'none',
        from_address: 'tickets@example.com',
        from_name: text,
        public_url: 'https://tickets.example.com',
      });
      t.app.ctx.mail.removeSettings(org.id);
      return { status: r.status, errors: r.body.errors?.from_name };
    },
  },
  {
    name: 'a staff account',
    lines: 'one',
    field: 'The name field',
    rows: () => count('staff_accounts'),
    async send(text) {
      const r = await owner.send('POST', '/staff', {
        name: text,
        email: email(),
        password: 'correct horse battery',
        role: 'staff',
      });
      return { status: r.status, errors: r.body.errors?.name };
    },
  },
  {
    name: 'a new check-in list over the token API',
    lines: 'one',
    field: 'The name field',
    rows: () => count('check_in_lists'),
    async send(text) {
      const r = await call(t.app, 'POST', `/api/events/${listed.uuid}/check-in-lists`, {
        token,
        body: { name: text },
      });
      return { status: r.status, errors: r.body.errors?.name };
    },
  },
  {
    name: "a check-in list's name in the dashboard",
    lines: 'one',
    field: 'The name field',
    rows: () => count('check_in_lists'),
    async send(text) {
      const r = await owner.send('PATCH', `/events/${listed.uuid}/check-in-lists/${renamedListId}`, {
        name: text,
      });
      return { status: r.status, errors: r.body.errors?.name };
    },
  },
];

const route = fc.constantFrom(...ROUTES);

describe('the text rule, over every route that takes text', () => {
  it('refuses a control character or a direction override anywhere, under its field, storing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        route,
        fc
          .constantFrom<Fault>('control', 'direction')
          .chain((fault) => fc.tuple(fc.constant(fault), withFault(fault))),
        async (target, [fault, text]) => {
          const before = target.rows();
          const answer = await target.send(text);
          expect(answer.status, `${target.name}: ${JSON.stringify(text)}`).toBe(422);
          expect(answer.errors).toEqual([`${target.field} ${SENTENCE[fault]}`]);
          expect(target.rows()).toBe(before);
        },
      ),
      fuzzParameters(60),
    );
  });

  it('refuses a line break or tab inside a single-line field, and keeps it in a field of several lines', async () => {
    await fc.assert(
      fc.asyncProperty(route, withFault('line_break'), async (target, text) => {
        const before = target.rows();
        const answer = await target.send(text);
        if (target.lines === 'one') {
          expect(answer.status, `${target.name}: ${JSON.stringify(text)}`).toBe(422);
          expect(answer.errors).toEqual([`${target.field} ${SENTENCE.line_break}`]);
          expect(target.rows()).toBe(before);
        } else {
          expect(answer.status, `${target.name}: ${JSON.stringify(text)}`).toBeLessThan(300);
        }
      }),
      fuzzParameters(40),
    );
  });

  it('takes the same text without the fault', async () => {
    await fc.assert(
      fc.asyncProperty(route, plausible, async (target, text) => {
        const answer = await target.send(`x${text}x`);
        expect(
          answer.status,
          `${target.name}: ${JSON.stringify(text)} ${JSON.stringify(answer.errors)}`,
        ).toBeLessThan(300);
      }),
      fuzzParameters(30),
    );
  }, 60_000);
});

describe('the text rule, for what is not a route', () => {
  it("refuses a kiosk's op whose name or answer is not text as its field takes it, on its own", async () => {
    const code = t.app.ctx.syncHub.createPairingCode(org.id, [event.uuid]);
    if (!code.ok) throw new Error('no pairing code');
    const paired = await call(t.app, 'POST', '/sync/pair', { body: { code: code.code, name: 'Door' } });
    const { credential, grant } = paired.body.data as { credential: string; grant: { from: number } };
    const op = (seq: number, name: string, more: Record<string, string> = {}) => ({
      op_id: seq.toString(16).padStart(32, '0'),
      seq,
      device: 'kiosk',
      wall_ms: Date.parse('2026-11-21T10:00:00Z'),
      mono_ms: seq,
      boot_id: 'boot',
      schema_version: 1,
      kind: 'register',
      payload: {
        event: event.uuid,
        attendee: {
          uuid: `00000000-0000-4000-8000-${seq.toString().padStart(12, '0')}`,
          number: grant.from + seq,
          email: `op${seq}@example.com`,
          name,
          answers: { email: `op${seq}@example.com`, first_name: name, ...more },
          status: 'confirmed',
        },
      },
    });
    const answer = await call(t.app, 'POST', '/sync/ops', {
      headers: { authorization: `Bearer ${credential}` },
      body: {
        sent_wall_ms: Date.parse('2026-11-21T10:00:00Z'),
        sent_mono_ms: 10,
        boot_id: 'boot',
        waiting: 0,
        acked_seq: 0,
        wants_ids: false,
        ops: [
          op(1, 'Ada\u202ELovelace'),
          op(2, 'Ada\r\nLovelace'),
          // A single-line answer holds no line break, as on the public page; a textarea's may.
          op(3, 'Ada', { last_name: 'Love\nlace' }),
          op(4, 'Ada', { last_name: 'Love\tlace' }),
          op(5, 'Ada', { notes: 'first line\r\nsecond line' }),
          op(6, 'Ada Lovelace'),
        ],
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(
      answer.body.outcomes.map((o: { status: string; reason?: string }) => [o.status, o.reason]),
    ).toEqual([
      ['refused', 'invalid'],
      ['refused', 'invalid'],
      ['refused', 'invalid'],
      ['refused', 'invalid'],
      ['applied', undefined],
      ['applied', undefined],
    ]);
    const stored = t.app.store.db
      .prepare("SELECT email FROM attendees WHERE email LIKE 'op%@example.com' ORDER BY email")
      .all();
    expect(stored).toEqual([{ email: 'op5@example.com' }, { email: 'op6@example.com' }]);
  });

  it("refuses them in an import's rows, as the registration it makes would be", async () => {
    const before = count('attendees');
    const row = (email: string, first_name: string, notes = '') => ({ email, first_name, notes });
    const overridden = await owner.send('POST', `/events/${event.uuid}/import`, {
      rows: [row('imp1@example.com', 'Ada'), row('imp2@example.com', 'Ada\u202ELovelace')],
    });
    expect(overridden).toMatchObject({
      status: 422,
      body: {
        message: 'Validation failed.',
        errors: { 'rows.1.first_name': [`The rows.1.first name field ${SENTENCE.direction}`] },
      },
    });
    const broken = await owner.send('POST', `/events/${event.uuid}/import`, {
      rows: [
        row('imp1@example.com', 'Ada', 'first line\nsecond line'),
        row('imp2@example.com', 'Ada\u2028Lovelace'),
      ],
    });
    expect(broken).toMatchObject({
      status: 422,
      body: {
        message: 'Some rows are invalid. Nothing was imported.',
        rows: [{ row: 2, errors: { first_name: [`The first name field ${SENTENCE.line_break}`] } }],
      },
    });
    expect(count('attendees')).toBe(before);
  });

  it('refuses them in what the CLI is given', async () => {
    const dataDir = tempDataDir();
    try {
      const err: string[] = [];
      const code = await runCli(
        ['org', 'create', '--name', 'City\u202EHall', '--slug', 'city-hall', '--data', dataDir],
        { out: () => {}, err: (line) => err.push(line) },
        {},
      );
      expect(code).toBe(2);
      expect(err).toEqual([
        'arrivals: --name: The name field must not contain characters that change the direction of text.',
      ]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
