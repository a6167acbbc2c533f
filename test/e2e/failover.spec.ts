import type { Page, Request } from '@playwright/test';
import { openProcessVenue, type ProcessVenue } from '../helpers/failover-venue.ts';
import { OWNER, readDb, until } from '../helpers/sync-venue.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { DeskPage } from './pages/DeskPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { expect, test } from './support/fixtures.ts';
import { KIOSK_DIR } from './support/paths.ts';

const PEOPLE = ['ada@example.com', 'grace@example.com', 'hedy@example.com', 'ida@example.com'];
/** How the hub's seed names them (test/helpers/sync-venue.ts). */
const nameOf = (email: string) => `Hub ${email}`;

/** The origin each check-in call of the page went to, in order. */
function checkInCallsOf(page: Page): string[] {
  const origins: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && url.pathname.endsWith('/check-in')) origins.push(url.origin);
  });
  return origins;
}

/** Who is checked in on a server's data dir, how many check-ins each holds, and the conflicts flagged there. */
function checkInsOn(dataDir: string, eventUuid: string) {
  return readDb(dataDir, (db) => ({
    checkedIn: (
      db
        .prepare(
          `SELECT a.email FROM attendees a JOIN events e ON e.id = a.event_id
           WHERE e.uuid = ? AND a.checked_in_at IS NOT NULL ORDER BY a.email`,
        )
        .pluck()
        .all(eventUuid) as string[]
    ).join(' '),
    // The check-ins held, per person (the ledger's facts: one per op id, docs/sync.md).
    marks: db
      .prepare(
        `SELECT COUNT(*) FROM attendee_facts f JOIN events e ON e.id = f.event_id
         WHERE e.uuid = ? AND f.kind = 'check_in' GROUP BY f.subject ORDER BY f.subject`,
      )
      .pluck()
      .all(eventUuid) as number[],
    conflicts: db.prepare('SELECT kind FROM sync_conflicts').pluck().all() as string[],
  }));
}

let venue: ProcessVenue;
test.beforeEach(async () => {
  venue = await openProcessVenue({ screens: KIOSK_DIR, attendees: PEOPLE });
});
test.afterEach(async () => venue.close());

test('a tablet kiosk and a desk carry on through a paired kiosk’s server while the hub is stopped, and come back', async ({
  browser,
  expectAccessible,
}) => {
  test.setTimeout(240_000);
  const hubUrl = venue.hub().baseUrl;
  const kioskUrl = venue.kiosk.baseUrl;
  const event = venue.event;

  // A tablet opened from the dashboard's kiosk link: the hub's address. It learns the venue's servers, and has
  // every screen's script before anything happens (the kiosk fetches them while it idles).
  const tablet = await browser.newPage();
  const calls = checkInCallsOf(tablet);
  const home = new KioskHomePage(tablet);
  const checkIn = new CheckInPage(tablet);
  await tablet.goto(`${hubUrl}/kiosk/${event}`);
  await expect(home.heading).toHaveText('main');
  await expect
    .poll(() => tablet.evaluate<string>("localStorage.getItem('arrivals.venue.servers') ?? ''"))
    .toContain('127.0.0.2');
  await tablet.waitForLoadState('networkidle');
  const checkInAtTablet = async (email: string) => {
    await home.action('Check in').click();
    await checkIn.checkIn(email);
    await expect(checkIn.result.root).toHaveAttribute('data-tone', 'success');
    await checkIn.result.root.getByRole('button', { name: 'Done' }).click();
    await expect(home.heading).toHaveText('main');
  };

  // The hub's own desk, signed in there, holding a ticket for the kiosk's server.
  const deskContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const deskPage = await deskContext.newPage();
  const signIn = await deskPage.request.post(`${hubUrl}/dashboard/api/session`, {
    data: OWNER,
    headers: { origin: hubUrl },
  });
  expect(signIn.status()).toBe(200);
  const ticketsIssued = deskPage.waitForResponse((r) => r.url().endsWith('/dashboard/api/roaming/tickets'));
  await deskPage.goto(`${hubUrl}/dashboard/events/${event}/desk`);
  const desk = new DeskPage(deskPage);
  await expect(desk.names).toHaveCount(PEOPLE.length);
  expect((await ticketsIssued).status()).toBe(200);

  // The Sync page says where the desks are, and pairing names the hub's own address.
  const syncPage = await deskContext.newPage();
  await syncPage.goto(`${hubUrl}/dashboard/sync`);
  await expect(syncPage.getByTestId('pairing-instructions')).toContainText(
    `npx arrivals device pair --hub ${hubUrl.replace('http://', '')} --code CODE`,
  );
  const servers = syncPage.getByTestId('venue-server');
  await expect(servers.filter({ hasText: 'Door 2' }).getByTestId('venue-server-state')).toHaveText('works');
  await expect(servers.filter({ hasText: 'Door 2' }).getByRole('link')).toHaveAttribute(
    'href',
    `${kioskUrl}/dashboard`,
  );
  await expectAccessible(syncPage, { touch: false });
  await syncPage.close();

  await venue.stopHub();

  // The tablet, idle: its banner's status poll finds the hub gone, and it carries on through the kiosk's server
  // before anyone touches it, never telling the queue there is no connection.
  await expect(tablet.locator('html')).toHaveAttribute('data-arrivals-server', kioskUrl, { timeout: 20_000 });
  await expect(tablet.getByText('No connection to the hub')).toHaveCount(0);
  // Ada checks in as if nothing had happened.
  await checkInAtTablet('ada@example.com');
  expect(calls).toEqual([kioskUrl]);

  // The desk: it moves to the kiosk's server and is signed in there, without a password typed.
  await deskPage.waitForURL(`${kioskUrl}/dashboard/events/${event}/desk`);
  await expect(deskPage.getByRole('status').filter({ hasText: 'The desk carries on here' })).toBeVisible();
  await expect(desk.names).toHaveCount(PEOPLE.length);
  await desk.action(nameOf('grace@example.com'), 'Check in').click();
  await expect(desk.action(nameOf('grace@example.com'), 'Undo check-in')).toBeVisible();
  await expectAccessible(deskPage, { touch: false });
  // On the kiosk's server, its Sync page shows the hub away and the desk that works.
  const awaySync = await deskContext.newPage();
  await awaySync.goto(`${kioskUrl}/dashboard/sync`);
  const listed = awaySync.getByTestId('venue-server');
  await expect(listed.filter({ hasText: 'hub' }).getByTestId('venue-server-state')).toHaveText(
    'not answering',
  );
  await expect(listed.filter({ hasText: 'Door 2' }).getByTestId('venue-server-state')).toHaveText('works');
  await awaySync.close();

  await venue.startHub();

  // Both go back by themselves once the hub has answered twice in a row: the desk loads from the hub again,
  // signed in with the hub's own cookie; the tablet's calls go to the hub again.
  await deskPage.waitForURL(`${hubUrl}/dashboard/events/${event}/desk`, { timeout: 30_000 });
  await expect(desk.names).toHaveCount(PEOPLE.length);
  await desk.action(nameOf('hedy@example.com'), 'Check in').click();
  await expect(desk.action(nameOf('hedy@example.com'), 'Undo check-in')).toBeVisible();
  await expect(tablet.locator('html')).toHaveAttribute('data-arrivals-server', hubUrl, { timeout: 30_000 });
  await checkInAtTablet('ida@example.com');
  expect(calls.at(-1)).toBe(hubUrl);

  // Nothing lost, nothing twice: the hub holds the four check-ins, each once, and no conflict for staff.
  const state = await until(
    'the hub has every check-in',
    () => checkInsOn(venue.hubDir, event),
    (found) => found.checkedIn === PEOPLE.join(' '),
    30_000,
  );
  expect(state.marks).toEqual([1, 1, 1, 1]);
  expect(state.conflicts).toEqual([]);
  await deskContext.close();
});
