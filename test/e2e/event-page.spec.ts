import { EVERY_FIELD_TYPE } from '../helpers/fields.ts';
import { expect, test } from './support/fixtures.ts';
import { EventPage } from './pages/EventPage.ts';

/**
 * The public event page (`/e/{event}`) on a phone and on a computer: the event as a person reads it, the form with
 * the device's own keyboards, problems under each field, and plainly why there is no form. The server's clock says
 * 2026-11-21 10:00 UTC; the browser is in UTC.
 */

const LAUNCH = {
  name: 'Harbour Lights Launch',
  description: 'An evening on the quay.\n\nDrinks from 6 PM; the lights go on at 7.',
  location: 'Quai des Belges, Marseille',
  timezone: 'Europe/Paris',
  starts_at: '2026-12-05T17:00:00Z',
  ends_at: '2026-12-05T21:00:00Z',
  seats: 120,
  registration_fields: EVERY_FIELD_TYPE,
};

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'computer', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch });

    test('shows the event in its own time zone, seats left, and a form with the device’s keyboards', async ({
      page,
      server,
      expectAccessible,
    }) => {
      const event = server.createEvent(LAUNCH);
      const eventRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === `/public/events/${event.uuid}/kiosk`)
          eventRequests.push(request.url());
      });
      await server.register(event, {
        email: 'first@example.com',
        first_name: 'First',
        last_name: 'One',
        ticket_type: 'general',
      });
      const eventPage = new EventPage(page);
      await eventPage.open(event.uuid);

      await expect(eventPage.heading).toHaveText('Harbour Lights Launch');
      await expect(page.getByText('City Hall')).toBeVisible();
      // 17:00 UTC is 6 PM in Marseille; the browser is in UTC, so the page names the zone its times are in.
      await expect(eventPage.when).toHaveText(
        // The zone by its name, not its IANA id (issue 39).
        'Saturday, December 5, 2026 at 6:00 PM – 10:00 PMTimes are in the event’s time zone, Central European Time.',
      );
      await expect(eventPage.where).toHaveText('Quai des Belges, Marseille');
      await expect(eventPage.description.locator('p')).toHaveText([
        'An evening on the quay.',
        'Drinks from 6 PM; the lights go on at 7.',
      ]);
      await expect(eventPage.seatsLeft).toHaveText('119 seats left');
      // The event was asked for once: the server's preload, which the page's own request took up.
      expect(eventRequests).toHaveLength(1);

      await expect(eventPage.field('Email')).toHaveAttribute('type', 'email');
      await expect(eventPage.field('Email')).toHaveAttribute('autocomplete', 'email');
      await expect(eventPage.field('Phone')).toHaveAttribute('type', 'tel');
      await expect(eventPage.field('Phone')).toHaveAttribute('autocomplete', 'tel');
      await expect(eventPage.field('Birthday')).toHaveAttribute('type', 'date');
      await expect(eventPage.field('Birthday')).toHaveAttribute('autocomplete', 'bday');
      await expect(eventPage.field('First name')).toHaveAttribute('autocomplete', 'given-name');
      await expect(eventPage.field('Last name')).toHaveAttribute('autocomplete', 'family-name');
      await expect(eventPage.field('Dietary needs')).toHaveJSProperty('tagName', 'TEXTAREA');
      await expect(eventPage.field('Ticket type').locator('option')).toHaveText([
        'Choose…',
        'General admission',
        'Press',
      ]);
      // No kiosk keyboard over the phone's own.
      await expect(page.getByRole('group', { name: 'On-screen keyboard' })).toHaveCount(0);
      // Nothing runs off the side of a phone's screen.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        size.viewport.width,
      );
      await expectAccessible();
    });

    test('problems show under each field before anything is sent', async ({
      page,
      server,
      expectAccessible,
    }) => {
      const event = server.createEvent(LAUNCH);
      const sent: string[] = [];
      page.on('request', (request) => request.method() === 'POST' && sent.push(request.url()));
      const eventPage = new EventPage(page);
      await eventPage.open(event.uuid);

      await eventPage.submit();
      await expect(eventPage.alert).toHaveText('Please correct the fields marked below.');
      await eventPage.expectFieldError('Email', 'Please fill in Email.');
      await eventPage.expectFieldError('First name', 'Please fill in First name.');
      await eventPage.expectFieldError('Ticket type', 'Please fill in Ticket type.');
      await expect(eventPage.field('Email')).toBeFocused();
      await eventPage.fill({ Email: 'ada@example' });
      await eventPage.field('First name').focus();
      await eventPage.expectFieldError('Email', 'Please enter an email address like name@example.com.');
      await expectAccessible();
      expect(sent).toEqual([]);
    });
  });
}

test('says plainly why there is no form: full, closed, not open yet, not published', async ({
  page,
  server,
}) => {
  const eventPage = new EventPage(page);

  const full = server.createEvent({ ...LAUNCH, seats: 1 });
  await server.register(full, {
    email: 'a@example.com',
    first_name: 'A',
    last_name: 'B',
    ticket_type: 'general',
  });
  await eventPage.open(full.uuid);
  await expect(eventPage.registrationState).toHaveText('This event is full: registration is closed.');
  await expect(eventPage.form).toHaveCount(0);
  await expect(eventPage.seatsLeft).toHaveCount(0);

  const closed = server.createEvent({ ...LAUNCH, registration_closes_at: '2026-11-20T00:00:00Z' });
  await eventPage.open(closed.uuid);
  await expect(eventPage.registrationState).toHaveText('Registration for this event is closed.');
  await expect(eventPage.form).toHaveCount(0);

  const later = server.createEvent({ ...LAUNCH, registration_opens_at: '2026-11-25T08:00:00Z' });
  await eventPage.open(later.uuid);
  await expect(eventPage.registrationState).toHaveText('Registration opens on Nov 25, 2026, 9:00 AM.');

  const draft = server.createEvent({ ...LAUNCH, is_published: false });
  await page.goto(`/e/${draft.uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This event is not available. It is not published, or the link is wrong.',
  );
  await expect(page.getByText('Harbour Lights Launch')).toHaveCount(0);
});
