import type { Page } from '@playwright/test';
import { TRADE_FAIR_FIELDS } from '../helpers/fields.ts';
import { expect, test, type KioskServer } from './support/fixtures.ts';
import { expectFitsScreen, outOfScreen } from './support/fits-screen.ts';
import { setUpMail, startMailServer, type MailServer } from './support/mail-server.ts';

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
  registration_fields: TRADE_FAIR_FIELDS,
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

/** What sticks out on the page as it is now, named with where it was seen. */
async function check(page: Page, where: string, problems: string[]): Promise<void> {
  await page.evaluate('document.fonts.ready');
  for (const problem of await outOfScreen(page)) problems.push(`${where}: ${problem}`);
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

test('every dashboard page at 360 px: nothing wider than the screen, dialogs inside it', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000);
  const smtp = await startMailServer();
  const problems: string[] = [];
  try {
    await openPage(page, '/dashboard/setup');
    await check(page, 'setup', problems);
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
      await check(page, name, problems);
    }

    // The menu, open.
    await page.getByRole('button', { name: 'Menu' }).click();
    await check(page, 'menu', problems);
    await page.getByRole('button', { name: 'Menu' }).click();

    // A person's page.
    await openPage(page, '/dashboard/people');
    await page
      .getByRole('link', { name: /Jürgen/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Jürgen');
    await check(page, 'person', problems);

    // The events list's panels.
    await openPage(page, '/dashboard/events');
    await page.getByRole('button', { name: `Kiosk link ${LONG_EVENT.name}` }).click();
    await check(page, 'events, kiosk link', problems);
    await page.getByRole('button', { name: `Event page ${LONG_EVENT.name}` }).click();
    await expect(page.getByTestId('event-page-link')).toBeVisible();
    await check(page, 'events, event page', problems);

    // Kiosks and sync: a pairing code, large.
    await openPage(page, '/dashboard/sync');
    await page.getByLabel(LONG_EVENT.name).check();
    await page.getByRole('button', { name: 'Get a pairing code' }).click();
    await expect(page.getByRole('heading', { name: 'Pairing code' })).toBeVisible();
    await check(page, 'sync, pairing code', problems);

    // Staff: a removal's question.
    await openPage(page, '/dashboard/staff');
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'staff, remove dialog', problems);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // Import: a file read, its columns and preview.
    await openPage(page, `/dashboard/events/${event.uuid}/import`);
    await page.getByLabel('CSV file').setInputFiles({
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
    await check(page, 'import, preview', problems);

    // The desk's panels and dialogs.
    await openPage(page, `/dashboard/events/${event.uuid}/desk`);
    await page.getByRole('button', { name: 'Add a walk-in' }).click();
    await check(page, 'desk, walk-in', problems);
    await page
      .getByRole('button', { name: /Send tickets/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'desk, Send tickets dialog', problems);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Mark everyone not checked in as no-show' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, 'desk, bulk no-show dialog', problems);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Cancel|Keep/ })
      .first()
      .click();
  } finally {
    await smtp.close();
  }
  expect(problems).toEqual([]);
});

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
