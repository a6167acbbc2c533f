import type { Page } from '@playwright/test';
import { TRADE_FAIR_FIELDS } from '../helpers/fields.ts';
import { expect, test, type KioskServer } from './support/fixtures.ts';
import { expectFitsScreen, outOfScreen } from './support/fits-screen.ts';
import { setUpMail, startMailServer, type MailServer } from './support/mail-server.ts';
import { en } from '../../renderer/src/shared/i18n/en.ts';
import { fr } from '../../renderer/src/shared/i18n/fr.ts';
// The catalogues' `dashboard`, as the dashboard's script installs it.
import '../../renderer/src/dashboard/words.ts';

type Language = 'en' | 'fr';

/**
 * Issue 39: staff fix anything from a phone. Every dashboard page at 360 px wide (the narrowest phone staff carry),
 * with what makes pages wide: a long event name and place, long addresses and company names, every column of the
 * desk, each panel and dialog open. Nothing may reach past the screen's edges (each element's box against the
 * viewport), nor any open dialog past any edge.
 */

const PHONE = { width: 360, height: 740 };

const LONG_EVENT = {
  name: 'Harbour Lights Launch: an evening on the quay with the Friends of the Maritime Museum',
  location: 'Quai des Belges, Vieux-Port, 13001 Marseille, in the old fish market hall (north entrance)',
  description: 'Doors at seven.',
  // Each with its French label, as a French organizer's form has them.
  registration_fields: TRADE_FAIR_FIELDS.map((field) =>
    field.key === 'email' ? { ...field, label_fr: 'Adresse e-mail' } : field,
  ),
  starts_at: '2026-12-05T18:00:00Z',
  ends_at: '2026-12-05T22:00:00Z',
};

const PEOPLE = [
  {
    email: 'jurgen.weiss@a-rather-long-company-domain.example.com',
    first_name: 'Jürgen',
    last_name: 'Weiß-Oberhausen-Schwarzenberg',
    company: 'NESTLÉ Deutschland Aktiengesellschaft, Niederlassung Frankfurt am Main',
    ticket: 'exhibitor',
  },
  {
    email: 'helene.fontaine@example.com',
    first_name: 'Hélène',
    last_name: 'Fontaine',
    company: 'Nestlé',
    ticket: 'visitor',
  },
  { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', ticket: 'visitor' },
];

/**
 * Every string of the English catalogue that the French one says otherwise: none may show on a French page. Not the
 * language switch's "English" (each language is named in itself), nor a new event's English field labels, which are
 * the event's own words and show in its editor as typed.
 */
function englishOnly(): Set<string> {
  const strings = (node: unknown, path: string[] = []): [string, string][] =>
    typeof node === 'string'
      ? [[path.join('.'), node]]
      : typeof node === 'object' && node !== null
        ? Object.entries(node).flatMap(([key, value]) => strings(value, [...path, key]))
        : [];
  const french = new Map(strings(fr));
  const english = new Set(
    strings(en).flatMap(([path, words]) => (french.get(path) === words ? [] : [words])),
  );
  english.delete(en.language.name);
  for (const label of Object.values(en.dashboard.events.defaultFields)) english.delete(label);
  return english;
}
const ENGLISH = englishOnly();

/** The visible text of the page, one entry per text node (source text: this project's Node side has no DOM types). */
const VISIBLE_TEXTS = `(() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (text && parent && parent.getClientRects().length > 0 && getComputedStyle(parent).visibility !== 'hidden') {
      texts.push(text);
    }
  }
  return texts;
})()`;

/**
 * What is wrong with the page as it is now, named with where it was seen: what sticks out of the screen, and, on a
 * French page, any words of the English catalogue.
 */
async function check(page: Page, where: string, problems: string[], language: Language): Promise<void> {
  await page.evaluate('document.fonts.ready');
  for (const problem of await outOfScreen(page)) problems.push(`${where}: ${problem}`);
  if (language === 'fr') {
    for (const text of await page.evaluate<string[]>(VISIBLE_TEXTS)) {
      if (ENGLISH.has(text)) problems.push(`${where}: English on a French page: "${text}"`);
    }
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  }
}

async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
}

/** Seeds one event with attendees (registered at a kiosk: mailed nobody, so Send tickets has work), mail, people. */
async function seed(server: KioskServer, page: Page, smtp: MailServer) {
  const event = server.createEvent(LONG_EVENT);
  for (const person of PEOPLE) {
    const response = await server.app.inject({
      method: 'POST',
      url: `/kiosk/api/events/${event.uuid}/register`,
      payload: person,
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  setUpMail(server.app, event.organizationId, smtp, 'https://tickets.harbour-lights.example');
  server.createUser({
    firstName: 'Jürgen',
    lastName: 'Weiß-Oberhausen-Schwarzenberg',
    email: 'jurgen.weiss@a-rather-long-company-domain.example.com',
    profilePublic: true,
  });
  await server.signIn(page, 'owner');
  const origin = { origin: server.url };
  for (const [path, data] of [
    [
      '/dashboard/api/webhooks',
      { url: 'https://hooks.harbour-lights.example/arrivals/webhooks/very/long/path/1234' },
    ],
    ['/dashboard/api/tokens', { name: 'Website sign-ups from the harbour lights campaign', expires: '90d' }],
    ['/dashboard/api/lan-integrations', { host: 'badge-printer-north-entrance.harbour-lights.local:8443' }],
    [
      '/dashboard/api/staff',
      {
        name: 'Maximilian Alexander von Oberhausen-Schwarzenberg',
        email: 'maximilian.oberhausen@a-rather-long-company-domain.example.com',
        password: 'correct horse battery',
        role: 'staff',
      },
    ],
  ] as const) {
    const response = await page.request.post(`${server.url}${path}`, { data, headers: origin });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  }
  return event;
}

test.use({ viewport: PHONE });

for (const language of ['en', 'fr'] as const) {
  test(`every dashboard page at 360 px, in ${language}: nothing wider than the screen, dialogs inside it`, async ({
    page,
    server,
  }) => {
    test.setTimeout(240_000);
    const w = (language === 'fr' ? fr : en).dashboard;
    const smtp = await startMailServer();
    const problems: string[] = [];
    const look = (where: string) => check(page, where, problems, language);
    try {
      await openPage(page, '/dashboard/setup');
      // The language switch, before anyone has signed in: the choice stays on this device.
      await page
        .getByRole('group', { name: /^(Language|Langue)$/ })
        .getByRole('button', { name: language === 'fr' ? 'Français' : 'English' })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.setup.title);
      await look('setup');
      const event = await seed(server, page, smtp);
      const webhookId = await page.evaluate<string>(
        `fetch('/dashboard/api/webhooks').then((r) => r.json()).then((r) => String(r.data[0].id))`,
      );

      const pages: [string, string][] = [
        ['events', '/dashboard/events'],
        ['new event', '/dashboard/events/new'],
        ['event editor', `/dashboard/events/${event.uuid}`],
        ['desk', `/dashboard/events/${event.uuid}/desk`],
        ['import', `/dashboard/events/${event.uuid}/import`],
        ['people', '/dashboard/people'],
        ['new person', '/dashboard/people/new'],
        ['staff', '/dashboard/staff'],
        ['kiosks and sync', '/dashboard/sync'],
        ['email', '/dashboard/mail'],
        ['tokens', '/dashboard/developers/tokens'],
        ['webhooks', '/dashboard/developers/webhooks'],
        ['webhook', `/dashboard/developers/webhooks/${webhookId}`],
        ['LAN integrations', '/dashboard/developers/lan-integrations'],
      ];
      for (const [name, path] of pages) {
        await openPage(page, path);
        await look(name);
      }

      // The menu, open.
      await page.getByRole('button', { name: w.nav.menu }).click();
      await look('menu');
      await page.getByRole('button', { name: w.nav.menu }).click();

      // A person's page.
      await openPage(page, '/dashboard/people');
      await page
        .getByRole('link', { name: /Jürgen/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Jürgen');
      await look('person');

      // The events list's panels.
      await openPage(page, '/dashboard/events');
      await page.getByRole('button', { name: `${w.events.list.showKioskLink} ${LONG_EVENT.name}` }).click();
      await look('events, kiosk link');
      await page.getByRole('button', { name: `${w.events.list.showEventPage} ${LONG_EVENT.name}` }).click();
      await expect(page.getByTestId('event-page-link')).toBeVisible();
      await look('events, event page');

      // Kiosks and sync: a pairing code, large.
      await openPage(page, '/dashboard/sync');
      await page.getByLabel(LONG_EVENT.name).check();
      await page.getByRole('button', { name: w.sync.pairSubmit }).click();
      await expect(page.getByRole('heading', { name: w.sync.codeHeading })).toBeVisible();
      await look('sync, pairing code');

      // Staff: a removal's question.
      await openPage(page, '/dashboard/staff');
      await page.getByRole('button', { name: w.staff.remove }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('staff, remove dialog');
      await page.getByRole('dialog').getByRole('button', { name: w.cancel }).click();

      // Import: a file read, its columns and preview.
      await openPage(page, `/dashboard/events/${event.uuid}/import`);
      await page.getByLabel(w.desk.import.file).setInputFiles({
        name: 'harbour-lights-exhibitors-and-visitors.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'Adresse e-mail du participant,Prénom,Nom de famille,Société ou organisation,Type de billet\n' +
            'maximilian.oberhausen@a-rather-long-company-domain.example.com,Maximilian,Oberhausen-Schwarzenberg,' +
            'Oberhausen Schwarzenberg Logistik und Spedition GmbH & Co. KG,exhibitor\n' +
            'grace@example.com,Grace,Hopper,,visitor\n',
          'utf8',
        ),
      });
      await expect(page.getByTestId('import-preview')).toBeVisible();
      await look('import, preview');

      // The desk's panels and dialogs.
      await openPage(page, `/dashboard/events/${event.uuid}/desk`);
      await page.getByRole('button', { name: w.desk.addWalkIn }).click();
      await look('desk, walk-in');
      await page
        .getByRole('button', { name: w.mail.desk.sendTickets(3) })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('desk, Send tickets dialog');
      await page.getByRole('dialog').getByRole('button', { name: w.cancel }).click();
      await page.getByRole('button', { name: w.desk.bulk.button }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('desk, bulk no-show dialog');
      await page.getByRole('dialog').getByRole('button', { name: w.cancel }).click();
      const jurgen = PEOPLE[0]!;
      const name = `${jurgen.first_name} ${jurgen.last_name}`;
      const actions = w.desk.actions;
      await page.getByRole('button', { name: `${actions.showCode} ${name}`, exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('desk, check-in code dialog');
      await page.getByRole('dialog').getByRole('button', { name: w.desk.code.close }).click();
      await page.getByRole('button', { name: `${actions.edit} ${name}`, exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('desk, edit dialog');
      await page.getByRole('dialog').getByRole('button', { name: w.desk.edit.close }).click();
      await page.getByRole('button', { name: `${actions.cancel} ${name}`, exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('desk, cancel registration dialog');
      await page.getByRole('dialog').getByRole('button', { name: actions.keepRegistration }).click();
      await page.getByRole('button', { name: `${actions['check-in']} ${name}`, exact: true }).click();
      await expect(
        page.getByRole('button', { name: `${actions['undo-check-in']} ${name}`, exact: true }),
      ).toBeVisible();
      // The server's own words (`Checked in.`) in the language on screen.
      const serverWords = (language === 'fr' ? fr : en).server;
      await expect(page.getByText(actions.result(name, serverWords.staffCheckedIn))).toBeVisible();
      await look('desk, after a check-in');
    } finally {
      await smtp.close();
    }
    expect(problems).toEqual([]);
  });
}

test.describe('the desk on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('its actions at the top, one tap each: Scan, Walk-in, Send tickets, Import, Export; the list paged under them', async ({
    page,
    server,
    expectAccessible,
  }) => {
    const smtp = await startMailServer();
    try {
      const event = server.createEvent({ name: 'Launch Night', registration_fields: TRADE_FAIR_FIELDS });
      // Sixty people registered at a kiosk (mailed nobody): more than a page, and tickets to send.
      for (let i = 1; i <= 60; i += 1) {
        const response = await server.app.inject({
          method: 'POST',
          url: `/kiosk/api/events/${event.uuid}/register`,
          payload: {
            email: `guest${i}@example.com`,
            first_name: 'Guest',
            last_name: `N${i}`,
            ticket: 'visitor',
          },
        });
        expect(response.statusCode, response.body).toBe(201);
      }
      setUpMail(server.app, event.organizationId, smtp, 'https://tickets.example');
      await server.signIn(page, 'owner');
      await openPage(page, `/dashboard/events/${event.uuid}/desk`);
      await expect(page.getByTestId('desk-showing')).toHaveText('Showing 1–50 of 60 attendees.');

      // Without scrolling, every action of the desk as a whole is on the first screen, and so is the first person.
      const send = page.getByRole('button', { name: 'Send tickets to 60 people' }).first();
      const actions = [
        page.getByLabel('Check-in code', { exact: true }),
        page.getByRole('button', { name: 'Camera' }),
        page.getByRole('button', { name: 'Add a walk-in' }),
        send,
        page.getByRole('link', { name: 'Import CSV' }),
        page.getByRole('link', { name: 'Export CSV' }),
        page.getByTestId('attendee-row').first().getByRole('rowheader'),
      ];
      for (const action of actions) await expect(action).toBeInViewport({ ratio: 1 });
      await expectFitsScreen(page, 'desk');
      // The list is paged under them.
      await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 1 of 2');
      await expectAccessible(page, { touch: false });

      // One tap each.
      await send.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Send tickets');
      await expect(dialog).toBeInViewport({ ratio: 1 });
      await expectFitsScreen(page, 'desk, Send tickets');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);

      await page.getByRole('button', { name: 'Add a walk-in' }).click();
      await expect(page.getByRole('button', { name: 'Add walk-in', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Close the walk-in form' }).click();

      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        `/dashboard/api/events/${event.uuid}/attendees.csv`,
      );
      await page.getByRole('link', { name: 'Import CSV' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('import attendees');
      await expectFitsScreen(page, 'import');
    } finally {
      await smtp.close();
    }
  });
});

test.describe('the event page, one tap from the event', () => {
  // A hub as a venue runs it: listening on the network, with a LAN address.
  test.use({ interfaceAddresses: ['127.0.0.1', '::1', 'fe80::1%eth0', '192.0.2.44'], listenHost: '0.0.0.0' });

  test('from the events list and the editor: its link, its QR code, copy, open, a poster', async ({
    page,
    context,
    server,
    expectAccessible,
  }) => {
    const event = server.createEvent({ name: 'Launch Night', starts_at: '2026-12-05T18:00:00Z' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await server.signIn(page, 'staff');
    const url = `http://192.0.2.44:${new URL(server.url).port}/e/${event.uuid}`;

    // Staff too: the page is public, and handing its link out is a desk's job.
    await openPage(page, '/dashboard/events');
    const button = page.getByRole('button', { name: 'Event page Launch Night', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByTestId('event-page-link');
    await expect(panel.getByLabel('Event page address')).toHaveValue(url);
    await expect(
      panel.getByRole('img', { name: 'QR code of the event page of Launch Night' }),
    ).toHaveAttribute('data-qr-text', url);
    await expect(page.getByTestId('event-page-readiness')).toContainText('The page takes registrations.');
    await expect(panel.getByTestId('share-unreachable')).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'Open the page' })).toHaveAttribute('href', url);
    await panel.getByRole('button', { name: 'Copy link' }).click();
    await expect(panel.getByRole('status')).toHaveText('Link copied.');
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(url);
    await expectFitsScreen(page, 'events list, event page');
    await expectAccessible(page, { touch: false });

    // The poster: on paper, the event's name, the code and the address, and nothing else of the page.
    await page.evaluate('window.printed = 0; window.print = () => { window.printed += 1; }');
    await panel.getByRole('button', { name: 'Print a poster' }).click();
    expect(await page.evaluate<number>('window.printed')).toBe(1);
    await page.evaluate(`document.documentElement.classList.add('printing-event-poster')`);
    await page.emulateMedia({ media: 'print' });
    const poster = panel.locator('.event-poster');
    await expect(poster).toBeVisible();
    await expect(poster).toContainText('Launch Night');
    await expect(poster).toContainText(url);
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(poster).toBeHidden();

    // The editor shows it at its top, as the list does (owners edit).
    await server.signIn(page, 'owner');
    await openPage(page, `/dashboard/events/${event.uuid}`);
    const editor = page.getByTestId('event-page-link');
    await expect(editor.getByLabel('Event page address')).toHaveValue(url);
    await expectFitsScreen(page, 'editor');

    // What the link opens: the event's page (here on loopback, the test's own way to this server).
    await page.goto(new URL(new URL(url).pathname, server.url).href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Launch Night');
  });

  test('an unpublished event: the page takes no one until it is published, and says so', async ({
    page,
    server,
  }) => {
    const event = server.createEvent({ name: 'Launch Night', is_published: false });
    await server.signIn(page, 'owner');
    await openPage(page, `/dashboard/events/${event.uuid}`);
    await expect(page.getByTestId('event-page-readiness')).toContainText(
      'One thing stops this page taking registrations:Missing: Not published: the page says the event is not available. Publish it, then save.',
    );
  });
});

test.describe('an address other devices cannot open is said to be one', () => {
  test('a machine without a network address: the link works on this computer only', async ({
    page,
    server,
  }) => {
    const event = server.createEvent({ name: 'Launch Night' });
    await server.signIn(page, 'owner');
    await openPage(page, `/dashboard/events/${event.uuid}`);
    const panel = page.getByTestId('event-page-link');
    await expect(panel.getByLabel('Event page address')).toHaveValue(`${server.url}/e/${event.uuid}`);
    await expect(panel.getByTestId('share-unreachable')).toHaveText(
      'Other devices cannot open this address: this computer has no address on the venue’s network, so the link works on this computer only. Connect it to the network to hand the link out.',
    );
    await expectFitsScreen(page, 'editor, no network');
  });

  test.describe('a server that takes connections from this machine only', () => {
    // The LAN address exists, but the server listens on loopback (a desktop kiosk on its own).
    test.use({ interfaceAddresses: ['127.0.0.1', '192.0.2.44'], listenHost: '127.0.0.1' });

    test('names the LAN address and says other devices cannot open it', async ({ page, server }) => {
      const event = server.createEvent({ name: 'Launch Night' });
      await server.signIn(page, 'owner');
      await openPage(page, '/dashboard/events');
      await page.getByRole('button', { name: 'Kiosk link Launch Night', exact: true }).click();
      const panel = page.locator('.events-link-row:not([hidden])');
      await expect(panel.getByLabel('Kiosk address')).toHaveValue(
        `http://192.0.2.44:${new URL(server.url).port}/kiosk/${event.uuid}`,
      );
      await expect(panel.getByTestId('share-unreachable')).toContainText(
        'Other devices cannot open this address: Arrivals takes connections from this computer only',
      );
      await expectFitsScreen(page, 'events list, kiosk link');
    });
  });
});

test.describe('in French, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the desk’s actions at its top and the event page’s link speak French, times on a 24-hour clock', async ({
    page,
    server,
    expectAccessible,
  }) => {
    const w = fr.dashboard;
    const smtp = await startMailServer();
    const problems: string[] = [];
    try {
      const event = server.createEvent({
        name: 'Soirée du port',
        registration_fields: LONG_EVENT.registration_fields,
        timezone: 'Europe/Paris',
        starts_at: '2026-12-05T18:00:00+01:00',
      });
      for (const person of PEOPLE) await server.register(event, { ...person } as Record<string, string>);
      // Registered at 10:00 UTC (the test server's clock): 11:00 in Paris.
      await server.app.inject({
        method: 'POST',
        url: `/public/events/${event.uuid}/check-in`,
        payload: { email: PEOPLE[2]!.email },
      });
      setUpMail(server.app, event.organizationId, smtp, 'https://billets.example');
      await page.addInitScript(`localStorage.setItem('arrivals.dashboard.language', 'fr')`);
      await server.signIn(page, 'owner');

      await openPage(page, `/dashboard/events/${event.uuid}/desk`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.desk.pageTitle('Soirée du port'));
      for (const action of [
        page.getByLabel(w.desk.scan.label, { exact: true }),
        page.getByRole('button', { name: w.desk.scan.camera }),
        page.getByRole('button', { name: w.desk.addWalkIn }),
        page.getByRole('link', { name: w.desk.importCsv }),
        page.getByRole('link', { name: w.desk.exportCsv }),
      ]) {
        await expect(action).toBeInViewport({ ratio: 1 });
      }
      // The browser is in UTC, the event in Paris: its times are Paris's, the zone named once, by its name.
      await expect(page.getByTestId('desk-time-zone')).toHaveText(
        'Les horaires sont à l’heure de l’événement, heure d’Europe centrale.',
      );
      await expect(page.getByTestId('attendee-row').filter({ hasText: 'Ada Lovelace' })).toContainText(
        '21 nov. 2026, 11:00',
      );
      await check(page, 'desk', problems, 'fr');
      await expectAccessible(page, { touch: false });

      // Nobody was mailed (mail was set up after they registered): Send tickets, at the top, in French.
      await page
        .getByRole('button', { name: w.mail.desk.sendTickets(2) })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toContainText(w.mail.desk.confirmSend(2));
      await check(page, 'desk, Send tickets', problems, 'fr');
      await page.getByRole('dialog').getByRole('button', { name: w.cancel }).click();

      // The event page's link, with the warning this machine (loopback only) earns, in French.
      await openPage(page, '/dashboard/events');
      await page.getByRole('button', { name: `${w.events.list.showEventPage} Soirée du port` }).click();
      const panel = page.getByTestId('event-page-link');
      await expect(panel.getByLabel(w.events.eventPage.label)).toHaveValue(`${server.url}/e/${event.uuid}`);
      await expect(panel.getByTestId('share-unreachable')).toHaveText(w.events.share.noNetwork);
      await expect(page.getByRole('row', { name: /Soirée du port/ }).first()).toContainText(
        '5 déc. 2026, 18:00 (heure d’Europe centrale)',
      );
      await check(page, 'events, event page', problems, 'fr');
      await expectAccessible(page, { touch: false });
    } finally {
      await smtp.close();
    }
    expect(problems).toEqual([]);
  });
});
