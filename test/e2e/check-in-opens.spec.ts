import { CheckInPage } from './pages/CheckInPage.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { ResultPanel } from './pages/ResultPanel.ts';
import { recordTones, TONES } from './support/outcomes.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 33: before check-in opens, a scan (or an email) answers amber "Check-in opens at 18:30", in the event's zone
 * and the kiosk's language, like pretixSCAN's "not valid at this time", rather than a red "not possible here".
 */

/** The test server's clock: 10:00 UTC, 11:00 in Paris. The browser's clock is set to the same moment. */
const NOW = Date.parse('2026-11-21T10:00:00Z');
/** 18:30 in Paris; the browser runs in UTC, where it is 17:30. */
const EVENING = {
  timezone: 'Europe/Paris',
  checkin_period_type: 'starts_on',
  checkin_starts_at: '2026-11-21T17:30:00Z',
} as const;
const ADA = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };

test('a code scanned before check-in opens: amber, when it opens in the event’s zone, in English and French', async ({
  page,
  server,
  expectAccessible,
}) => {
  const event = server.createEvent(EVENING);
  await server.register(event, ADA);
  const code = `ARV1:${server.attendee(event, ADA.email)!.checkinCode}`;
  const tones = await recordTones(page);
  await page.clock.install({ time: NOW });
  const home = new KioskHomePage(page);
  const result = new ResultPanel(page);

  await home.open(event.uuid, '?result=600');
  await home.scanWithWedge(code);
  await expect(result.heading).toHaveText('Check-in opens at 6:30 PM');
  expect(await result.tone).toBe('warning');
  await expect(result.root.getByTestId('server-message')).toHaveText(
    'It is not open yet. Please come back then.',
  );
  await expect.poll(tones).toEqual(TONES.warning);
  await expectAccessible();

  await home.open(event.uuid, '?result=600&lang=fr');
  await home.scanWithWedge(code);
  await expect(result.heading).toHaveText('Ouverture de l’enregistrement à 18:30');
  await expect(result.root.getByTestId('server-message')).toHaveText(
    'L’enregistrement des arrivées n’est pas encore ouvert. Veuillez revenir à ce moment-là.',
  );
  await expectAccessible();
  expect(server.attendee(event, ADA.email)!.checkedInAt).toBeNull();
});

test('an email typed before check-in opens gets the same amber answer', async ({ page, server }) => {
  const event = server.createEvent(EVENING);
  await server.register(event, ADA);
  await page.clock.install({ time: NOW });
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn(ADA.email);
  await expect(checkIn.result.heading).toHaveText('Check-in opens at 6:30 PM');
  expect(await checkIn.result.tone).toBe('warning');
});

test('a check-in that is closed for good stays a red refusal', async ({ page, server }) => {
  const event = server.createEvent({ checkin_period_type: 'disabled' });
  await server.register(event, ADA);
  const home = new KioskHomePage(page);
  await home.open(event.uuid);
  await home.scanWithWedge(`ARV1:${server.attendee(event, ADA.email)!.checkinCode}`);
  const result = new ResultPanel(page);
  await expect(result.heading).toHaveText('Check-in is not possible here');
  expect(await result.tone).toBe('error');
  await expect(result.root.getByTestId('server-message')).toHaveText(
    'Check-in is not available for this event.',
  );
});
