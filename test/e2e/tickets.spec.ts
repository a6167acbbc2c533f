import type { RegistrationField } from '../../server/contract/vocabulary.ts';
import { expect, test } from './support/fixtures.ts';
import { openKioskWithCamera } from './support/kiosk-camera.ts';
import { expectFitsScreen } from './support/fits-screen.ts';
import { setUpMail, startMailServer } from './support/mail-server.ts';
import { EventPage, FRENCH } from './pages/EventPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { ResultPanel } from './pages/ResultPanel.ts';
import { CAMERA_TIMEOUT_MS, ScanPage } from './pages/ScanPage.ts';
import { TICKET_FRENCH, TicketPage } from './pages/TicketPage.ts';

/**
 * A person registers on the event page from their phone or computer, lands on their ticket, and is checked in by
 * holding its QR code up to a kiosk's camera; or cancels from the ticket, and the kiosk then says so. The server's
 * clock says 2026-11-21 10:00 UTC; the browser is in UTC.
 */

const FIELDS: RegistrationField[] = [
  { key: 'email', label: 'Email', label_fr: 'Adresse e-mail', type: 'email', required: true },
  { key: 'first_name', label: 'First name', label_fr: 'Prénom', type: 'text', required: true },
  { key: 'last_name', label: 'Last name', label_fr: 'Nom', type: 'text', required: true },
  { key: 'phone', label: 'Phone', label_fr: 'Téléphone', type: 'phone', required: false },
  {
    key: 'ticket',
    label: 'Ticket',
    label_fr: 'Billet',
    type: 'select',
    required: true,
    options: [
      { value: 'visitor', label: 'Visitor', label_fr: 'Visiteur' },
      { value: 'exhibitor', label: 'Exhibitor', label_fr: 'Exposant' },
    ],
  },
];

const LAUNCH = {
  name: 'Harbour Lights Launch',
  location: 'Quai des Belges, Marseille',
  timezone: 'Europe/Paris',
  starts_at: '2026-12-05T17:00:00Z',
  ends_at: '2026-12-05T21:00:00Z',
  registration_fields: FIELDS,
};

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'computer', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });

    test('register with the device’s keyboards, land on the ticket, scan its QR code at a kiosk: green', async ({
      page,
      server,
      expectAccessible,
    }) => {
      const event = server.createEvent(LAUNCH);
      const eventPage = new EventPage(page);
      await eventPage.open(event.uuid);
      await expect(eventPage.field('Email')).toHaveAttribute('type', 'email');
      await expect(eventPage.field('Phone')).toHaveAttribute('type', 'tel');
      await eventPage.fill({
        Email: 'ada@example.com',
        'First name': 'Ada',
        'Last name': 'Lovelace',
        Phone: '+44 20 7946 0018',
        Ticket: 'visitor',
      });
      await eventPage.submit();

      const ticket = new TicketPage(page);
      await ticket.expectShown();
      await expect(ticket.heading).toHaveText('Harbour Lights Launch');
      await expect(ticket.name).toHaveText('Ada Lovelace');
      // The browser is in UTC: like the event page, the ticket names the event's zone once (issue 39).
      await expect(ticket.when).toHaveText(
        'Saturday, December 5, 2026 at 6:00 PM – 10:00 PMTimes are in the event’s time zone, Central European Time.',
      );
      await expect(ticket.where).toHaveText('Quai des Belges, Marseille');
      await expect(ticket.status).toHaveText('Confirmed');
      const stored = server.attendee(event, 'ada@example.com')!;
      // Registered, never checked in from home, though check-in is open.
      expect(stored).toMatchObject({ status: 'confirmed', checkedInAt: null });
      await expect(ticket.qrImage).toHaveAttribute('data-qr-text', `ARV1:${stored.checkinCode}`);
      const code = stored.checkinCode;
      // In groups of four, to read and type at the desk.
      await expect(ticket.code).toContainText(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`);
      await expect(ticket.calendarLink).toHaveAttribute(
        'href',
        `/public/tickets/${ticket.secret()}/event.ics`,
      );
      await expectAccessible();

      // Print or save as PDF: the browser's own dialog, and on paper the ticket alone, nothing to press.
      await page.evaluate('window.printed = 0; window.print = () => { window.printed += 1; }');
      await ticket.printButton.click();
      expect(await page.evaluate<number>('window.printed')).toBe(1);
      await page.emulateMedia({ media: 'print' });
      await expect(ticket.qrImage).toBeVisible();
      await expect(ticket.name).toBeVisible();
      await expect(ticket.printButton).toBeHidden();
      await expect(ticket.cancelButton).toBeHidden();
      await expect(page.getByRole('group', { name: 'Language' })).toBeHidden();
      await page.emulateMedia({ media: 'screen' });

      // The person holds the ticket's QR code, as their screen shows it, up to a kiosk's camera.
      const picture = await ticket.qrImage.screenshot();
      const kiosk = await openKioskWithCamera(server.url, picture);
      try {
        const scan = new ScanPage(kiosk.page);
        await scan.open(event.uuid);
        const result = new ResultPanel(kiosk.page);
        await expect(result.heading).toHaveText('Welcome, Ada Lovelace!', { timeout: CAMERA_TIMEOUT_MS });
        expect(await result.tone).toBe('success');
      } finally {
        await kiosk.close();
      }
      expect(server.attendee(event, 'ada@example.com')!.checkedInAt).toBe('2026-11-21T10:00:00+00:00');

      // The ticket says so when the person looks again, and can no longer be cancelled.
      await page.reload();
      await expect(page.getByTestId('ticket-checked-in')).toHaveText('Checked in on Nov 21, 2026, 11:00 AM.');
      await expect(ticket.cancelButton).toHaveCount(0);
    });

    test('cancel from the ticket, after a confirmation: the kiosk then says cancelled', async ({
      page,
      server,
      expectAccessible,
    }) => {
      const event = server.createEvent(LAUNCH);
      const eventPage = new EventPage(page);
      await eventPage.open(event.uuid);
      await eventPage.fill({
        Email: 'grace@example.com',
        'First name': 'Grace',
        'Last name': 'Hopper',
        Ticket: 'visitor',
      });
      await eventPage.submit();
      const ticket = new TicketPage(page);
      await ticket.expectShown();
      const { checkinCode } = server.attendee(event, 'grace@example.com')!;

      // Changing one's mind at the confirmation leaves the registration as it was.
      await ticket.cancelButton.click();
      await expect(ticket.confirmation).toContainText(
        'You will no longer be registered for Harbour Lights Launch, and this ticket will stop working at the door.',
      );
      await expect(ticket.confirmation.getByRole('heading')).toBeFocused();
      await expectAccessible();
      await ticket.confirmation.getByRole('button', { name: 'No, keep it' }).click();
      await expect(ticket.confirmation).toHaveCount(0);
      expect(server.attendee(event, 'grace@example.com')!.status).toBe('confirmed');

      await ticket.cancel();
      await expect(ticket.cancelled).toHaveText('Your registration is cancelled.');
      await expect(ticket.cancelled).toBeFocused();
      await expect(ticket.status).toHaveText('Cancelled');
      await expect(ticket.code).toHaveCount(0);
      await expect(ticket.cancelButton).toHaveCount(0);
      // A ticket that lets nobody in offers nothing to print (issue 39).
      await expect(ticket.printButton).toHaveCount(0);
      expect(server.attendee(event, 'grace@example.com')!.status).toBe('canceled');
      await expectAccessible();

      // At the door, the code Grace kept (a screenshot, a printout) checks nobody in.
      const kiosk = new KioskHomePage(page);
      await kiosk.open(event.uuid);
      await kiosk.scanWithWedge(`ARV1:${checkinCode}`);
      await expect(page.getByTestId('server-message')).toHaveText(
        'Your registration has been cancelled. Please see event staff.',
      );
    });
  });
}

test('the French page: French labels and choices, then a French ticket', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent({ ...LAUNCH, name: 'Soirée du port' });
  const eventPage = new EventPage(page, FRENCH);
  await eventPage.open(event.uuid, '?lang=fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(eventPage.when).toHaveText(
    'samedi 5 décembre 2026 à 18:00 – 22:00Les horaires sont à l’heure de l’événement, heure d’Europe centrale.',
  );
  await expect(eventPage.field('Billet').locator('option')).toHaveText(['Choisir…', 'Visiteur', 'Exposant']);
  for (const label of ['Adresse e-mail', 'Prénom', 'Nom', 'Téléphone', 'Billet']) {
    await expect(eventPage.field(label)).toBeVisible();
  }
  await expect(page.getByText('First name')).toHaveCount(0);
  // The form's own hints name the fields in French.
  await eventPage.submit();
  await eventPage.expectFieldError('Prénom', 'Veuillez renseigner le champ «\u202fPrénom\u202f».');
  await expectAccessible();

  await eventPage.fill({
    'Adresse e-mail': 'helene@example.fr',
    Prénom: 'Hélène',
    Nom: 'Fabre',
    Billet: 'exhibitor',
  });
  await eventPage.submit();
  const ticket = new TicketPage(page, TICKET_FRENCH);
  await ticket.expectShown();
  await expect(page).toHaveURL(/\?lang=fr$/);
  await expect(ticket.status).toHaveText('Confirmée');
  await expect(ticket.printButton).toBeVisible();
  await expect(ticket.cancelButton).toBeVisible();
  await expectAccessible();
  // Opened again from the email's link, in an English browser: the ticket speaks the registration's language.
  const secret = ticket.secret();
  await page.goto(`/t/${secret}`);
  await expect(ticket.status).toHaveText('Confirmée');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // The registration was made in French: its mail and ticket are French.
  const helene = server.attendee(event, 'helene@example.fr')!;
  expect(helene.answers).toMatchObject({ ticket: 'exhibitor' });
  expect(server.app.store.repos.tickets.ofRegistration(helene.uuid)).toMatchObject({
    secret,
    language: 'fr',
  });
});

test('switching to French keeps what was typed', async ({ page, server }) => {
  const event = server.createEvent(LAUNCH);
  const eventPage = new EventPage(page);
  await eventPage.open(event.uuid);
  await eventPage.fill({ Email: 'ada@example.com', 'First name': 'Ada' });
  await eventPage.language('Français').click();
  await expect(page).toHaveURL(/\?lang=fr$/);
  await expect(
    page.getByRole('form', { name: 'Inscription' }).getByLabel('Prénom', { exact: true }),
  ).toHaveValue('Ada');
});

test('an email already registered is told so, and nothing else changes', async ({ page, server }) => {
  const event = server.createEvent(LAUNCH);
  await server.register(event, {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'L',
    ticket: 'visitor',
  });
  const eventPage = new EventPage(page);
  await eventPage.open(event.uuid);
  await eventPage.fill({
    Email: 'ada@example.com',
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Ticket: 'visitor',
  });
  await eventPage.submit();
  await expect(eventPage.alert).toHaveText(
    'This email address is already registered for this event. Look for your ticket in that mailbox.',
  );
  await expect(eventPage.alert).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/e/${event.uuid}$`));
});

test('a ticket address nobody was given finds nothing, as a wrong one does', async ({ page }) => {
  await page.goto('/t/Zq3xV8mP0aLr2cT9wK5yB1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This ticket cannot be found. Please check the link in your email.',
  );
  await page.goto('/t/not-a-secret');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This ticket cannot be found. Please check the link in your email.',
  );
});

test('with a redirect URL the person goes there, not to the ticket, and still gets the email', async ({
  page,
  server,
}) => {
  const smtp = await startMailServer();
  try {
    const event = server.createEvent({
      ...LAUNCH,
      redirect_url: 'https://partner.example/welcome?attendee={code}',
    });
    setUpMail(server.app, event.organizationId, smtp, server.url);
    const arrived: string[] = [];
    await page.route('https://partner.example/**', async (route) => {
      arrived.push(route.request().url());
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Partner</title><h1>Welcome</h1>',
      });
    });
    const eventPage = new EventPage(page);
    await eventPage.open(event.uuid);
    await eventPage.fill({
      Email: 'ada@example.com',
      'First name': 'Ada',
      'Last name': 'Lovelace',
      Ticket: 'visitor',
    });
    await eventPage.submit();
    await expect(page).toHaveURL(/^https:\/\/partner\.example\/welcome\?attendee=/);
    const stored = server.attendee(event, 'ada@example.com')!;
    expect(arrived).toEqual([`https://partner.example/welcome?attendee=${stored.uuid}`]);

    // The ticket goes out by email all the same, and its link opens the ticket.
    await expect.poll(() => smtp.to('ada@example.com').length).toBe(1);
    const link = /\/t\/[0-9A-Za-z]+/.exec(smtp.to('ada@example.com')[0]!.text ?? '')?.[0];
    expect(link).toBe(`/t/${server.app.store.repos.tickets.ofRegistration(stored.uuid)!.secret}`);
    await page.goto(link!);
    const ticket = new TicketPage(page);
    await ticket.expectShown();
    await expect(ticket.name).toHaveText('Ada Lovelace');
  } finally {
    await smtp.close();
  }
});

test('while the organizer’s mail server is down, the ticket page says the email is late and is the ticket', async ({
  page,
  server,
}) => {
  const smtp = await startMailServer();
  const event = server.createEvent(LAUNCH);
  setUpMail(server.app, event.organizationId, smtp, server.url);
  // The mail server goes away before anybody registers: the first attempt fails and another is scheduled.
  await smtp.close();
  const eventPage = new EventPage(page);
  await eventPage.open(event.uuid);
  await eventPage.fill({
    Email: 'ada@example.com',
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Ticket: 'visitor',
  });
  await eventPage.submit();
  const ticket = new TicketPage(page);
  await ticket.expectShown();
  const secret = ticket.secret();
  await expect
    .poll(async () => (await server.app.inject(`/public/tickets/${secret}`)).json().data.mail_delivery)
    .toBe('delayed');

  await page.reload();
  await ticket.expectShown();
  const note = page.getByTestId('ticket-mail-delivery');
  await expect(note).toHaveAttribute('data-delivery', 'delayed');
  await expect(note).toHaveText(
    'The email with this ticket is delayed: the organizer’s mail server has not taken it yet, and it will be tried again. This page is your ticket meanwhile: keep it or print it.',
  );
  // The ticket itself is all there: the name and the code to scan.
  await expect(ticket.name).toHaveText('Ada Lovelace');
});

test('a registration awaiting approval lands on its ticket, which says so and holds no code yet', async ({
  page,
  server,
}) => {
  const event = server.createEvent({ ...LAUNCH, requires_approval: true });
  const eventPage = new EventPage(page);
  await eventPage.open(event.uuid);
  await eventPage.fill({
    Email: 'ada@example.com',
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Ticket: 'visitor',
  });
  await eventPage.submit();
  const ticket = new TicketPage(page);
  await ticket.expectShown();
  await expect(ticket.status).toHaveText('Awaiting approval');
  await expect(ticket.code).toHaveCount(0);
  await expect(ticket.root).toContainText(
    'Your registration is awaiting approval. Your ticket’s QR code will be sent to you by email once it is approved.',
  );
  await expect(ticket.cancelButton).toBeVisible();
});

test.describe('on a 360 px phone, in French (issue 39)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the ticket writes its times as the event page does, the zone by its name; cancelled, it offers no print', async ({
    page,
    server,
    expectAccessible,
  }) => {
    const event = server.createEvent({ ...LAUNCH, name: 'Soirée du port' });
    const eventPage = new EventPage(page, FRENCH);
    await eventPage.open(event.uuid, '?lang=fr');
    const when =
      'samedi 5 décembre 2026 à 18:00 – 22:00Les horaires sont à l’heure de l’événement, heure d’Europe centrale.';
    await expect(eventPage.when).toHaveText(when);
    await eventPage.fill({
      'Adresse e-mail': 'helene@example.fr',
      Prénom: 'Hélène',
      Nom: 'Fabre',
      Billet: 'visitor',
    });
    await eventPage.submit();
    const ticket = new TicketPage(page, TICKET_FRENCH);
    await ticket.expectShown();
    await expect(ticket.when).toHaveText(when);
    await expect(ticket.printButton).toBeVisible();
    await expect(page.getByTestId('ticket-qr')).toContainText('Code d’enregistrement\u00a0:');
    await expectFitsScreen(page, 'ticket');

    await ticket.cancel();
    await expect(ticket.status).toHaveText('Annulée');
    await expect(ticket.printButton).toHaveCount(0);
    await expectFitsScreen(page, 'cancelled ticket');
    await expectAccessible();
  });
});
