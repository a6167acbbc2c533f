/**
 * Preparing the venue in the hub's dashboard (issue "Online registration meets the venue", items 2 and 5): an owner
 * on the hub (`server`) follows a second real server on another loopback port (`online`), with the refusals each a
 * line where the owner looks. The page's polls run on Playwright's clock; the download itself is real, and the test
 * waits for it on the hub before moving the page's clock on.
 */
import { registration } from '../helpers/app.ts';
import { DashboardUpstreamSection } from './pages/DashboardUpstreamSection.ts';
import { pauseClock } from './support/clock.ts';
import { expect, test } from './support/fixtures.ts';

test('an owner connects the hub to the online server, downloads its event and sees the venue ready', async ({
  page,
  server,
  online,
  expectAccessible,
}) => {
  await server.signIn(page);
  await page.clock.install();
  const venue = new DashboardUpstreamSection(page);
  await venue.open();
  await expect(venue.form).toBeVisible();
  await pauseClock(page);
  // axe yields to the page's timers as it scans: the clock runs for the scan, and stops again after.
  const expectAccessibleNow = async () => {
    await page.clock.resume();
    await expectAccessible(page, { touch: false });
    await pauseClock(page);
  };
  await expect(venue.token).toHaveAttribute('type', 'password');
  await expect(venue.token).toHaveAccessibleDescription(/with the sync scope/);

  // An address that is no web address: one line under it.
  await venue.findEvents('ftp://example.org', online.syncToken);
  await expect(venue.alert).toHaveText('Please fix the problems marked below.');
  await expect(venue.url).toHaveAttribute('aria-invalid', 'true');
  await expect(venue.url).toHaveAccessibleDescription(
    'For example https://tickets.example.org Enter the online server’s address, starting with https:// (or http:// on a test network).',
  );
  await expect(venue.token).not.toHaveAttribute('aria-invalid');

  // A token without the sync scope: the online server's own line, under the token.
  await venue.findEvents(online.url, online.createToken(['attendees:read']));
  await expect(venue.url).not.toHaveAttribute('aria-invalid');
  await expect(venue.token).toHaveAttribute('aria-invalid', 'true');
  await expect(venue.token).toHaveAccessibleDescription(
    /The online server refused: This token does not have the sync scope\. Create a token with it on the online server\.$/,
  );

  // A wrong token: one line under the token field, the field marked, a summary announced above the form.
  await venue.findEvents(online.url, 'arv_wrong');
  await expect(venue.alert).toHaveText('Please fix the problems marked below.');
  await expect(venue.token).toHaveAttribute('aria-invalid', 'true');
  await expect(venue.token).toHaveAccessibleDescription(/The online server refused: Invalid API token\.$/);
  await expect(venue.url).not.toHaveAttribute('aria-invalid');
  await expectAccessibleNow();

  // The right one lists the events it covers, each with its start and how many registered.
  await venue.token.fill(online.syncToken);
  await venue.form.getByRole('button', { name: 'Find events' }).click();
  const event = venue.event('Harbour Festival');
  await expect(event).toBeVisible();
  await expect(event).toHaveAccessibleDescription('Starts Dec 5, 2026, 6:00 PM, 3 attendees');
  await expect(venue.alert).toHaveCount(0);
  await expect(venue.token).not.toHaveAttribute('aria-invalid');
  await expect(venue.form.getByRole('button', { name: 'Download' })).toBeDisabled();
  await expectAccessibleNow();

  await event.check();
  await venue.download();
  await expect(venue.section.getByRole('status')).toHaveText('Connected. The events are downloading.');
  await expect(venue.section.getByTestId('upstream-url')).toHaveText(online.url);
  await expect(venue.form).toHaveCount(0);

  // Once the download has ended on the hub, the next poll shows it complete and the venue ready.
  await server.app.ctx.venue!.whenDownloaded();
  const status = server.app.ctx.venue!.status();
  expect(status).toMatchObject({ attendeesHere: online.attendeeCount, downloading: false });
  const latest = String(status.latestRevision);
  await page.clock.runFor(2_000);
  await expect(venue.figure('attendees-here')).toHaveText(String(online.attendeeCount));
  await expect(venue.progress).toHaveAttribute('max', latest);
  await expect(venue.progress).toHaveAttribute('value', latest);
  await expect(venue.section.getByText(`${latest} of ${latest} changes downloaded`)).toBeVisible();
  await expect(venue.section.getByText('Up to date')).toBeVisible();
  // The hub's clock is the test clock; the page shows its time in the browser's locale (en-US, UTC).
  await expect(venue.figure('last-sync')).toHaveText('Nov 21, 2026, 10:00 AM');
  await expect(venue.figure('waiting-up')).toHaveText('0');
  await expect(venue.figure('waiting-down')).toHaveText('0');
  await expect(venue.figure('online')).toHaveText('reachable');
  await expectAccessibleNow();

  // A change made at the venue waits to go up, shown at the next poll without a click.
  await server.app.ctx.venue!.stop();
  const response = await server.app.inject({
    method: 'POST',
    url: `/public/events/${online.event.uuid}/register`,
    payload: registration('door@example.com'),
  });
  expect(response.statusCode, response.body).toBe(201);
  await page.clock.runFor(2_000);
  await expect(venue.figure('waiting-up')).toHaveText('1');
  await expect(venue.figure('attendees-here')).toHaveText(String(online.attendeeCount + 1));
});

test('a hub that holds registrations of its own refuses to follow, in one line above the form', async ({
  page,
  server,
  online,
  expectAccessible,
}) => {
  await server.register(server.createEvent({ name: 'Local Meetup' }), registration('local@example.com'));
  await server.signIn(page);
  const venue = new DashboardUpstreamSection(page);
  await venue.open();
  await venue.findEvents(online.url, online.syncToken);
  await venue.event('Harbour Festival').check();
  await venue.download();

  await expect(venue.alert).toHaveText(
    'This hub holds registrations of its own. Follow an online server from a hub without any (a new data directory).',
  );
  await expect(venue.url).not.toHaveAttribute('aria-invalid');
  await expect(venue.token).not.toHaveAttribute('aria-invalid');
  await expect(venue.form).toBeVisible();
  expect(server.app.ctx.venue!.status().connected).toBe(false);
  expect(online.app.store.db.prepare('SELECT count(*) AS n FROM sync_devices').get()).toEqual({ n: 0 });
  await expectAccessible(page, { touch: false });
});
