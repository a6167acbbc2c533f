import type { Page } from '@playwright/test';
import type { EventRecord } from '../../server/events/event.types.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { ResultPanel } from './pages/ResultPanel.ts';
import { CAMERA_TIMEOUT_MS } from './pages/ScanPage.ts';
import { CheckInPage } from './pages/CheckInPage.ts';
import { pauseClock, recordFetches } from './support/clock.ts';
import { heldUpCode, queueOfCodes } from './support/fake-camera.ts';
import { expect, test, type KioskServer } from './support/fixtures.ts';
import { recordScreens, recordTones, timesPlayed, TONES, type ScreenEntry } from './support/outcomes.ts';

/**
 * Issue 33: a queue moves through one kiosk at the pace of people. Each code, from the camera on the home or from a
 * keyboard-wedge scanner, is read at once, its result replacing the last one; the same code again is the same
 * person, not a second check-in nor a flash of "already checked in".
 */

const PEOPLE = [
  { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' },
  { email: 'alan@example.com', first_name: 'Alan', last_name: 'Turing' },
];
const WELCOMES = ['Welcome, Ada Lovelace!', 'Welcome, Grace Hopper!', 'Welcome, Alan Turing!'];

/** An event with the three registered; their check-in QR codes' texts, in the same order. */
async function queueAt(server: KioskServer): Promise<{ event: EventRecord; codes: string[] }> {
  const event = server.createEvent({ name: 'Launch Night' });
  for (const person of PEOPLE) await server.register(event, person);
  return { event, codes: PEOPLE.map(({ email }) => `ARV1:${server.attendee(event, email)!.checkinCode}`) };
}

const checkedIn = (server: KioskServer, event: EventRecord) =>
  PEOPLE.filter(({ email }) => server.attendee(event, email)!.checkedInAt !== null).length;

/** The results shown since the first, and whether the home came back in between. */
function resultsOnly(screens: ScreenEntry[]) {
  const first = screens.findIndex((entry) => entry.kind === 'result');
  const after = first < 0 ? [] : screens.slice(first);
  return {
    results: after.filter((entry) => entry.kind === 'result'),
    homeInBetween: after.some((entry) => entry.kind === 'home'),
  };
}

/**
 * Counts the camera frames the scanner has taken up (it draws each from the video onto a canvas before decoding it)
 * and the cameras whose picture started playing (the scanner reads its first frame then). Source text: this
 * project's Node side has no DOM types.
 */
const COUNT_CAMERA_FRAMES = `(() => {
  window.cameraFramesRead = 0;
  window.cameraStarts = 0;
  const draw = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (image, ...rest) {
    if (image instanceof HTMLVideoElement) window.cameraFramesRead += 1;
    return draw.call(this, image, ...rest);
  };
  // Each camera's picture once: a stalled picture that plays again is the same camera.
  const started = new WeakSet();
  document.addEventListener('playing', (event) => {
    if (started.has(event.target)) return;
    started.add(event.target);
    window.cameraStarts += 1;
  }, true);
})();`;
const framesRead = (page: Page) => page.evaluate<number>('window.cameraFramesRead');

/** Resolves once the camera's picture has moved on by one frame (at once where no camera is drawing). */
const NEXT_CAMERA_PICTURE = `new Promise((resolve) => {
  const video = document.querySelector('#qr-reader video');
  if (!video) return resolve();
  video.requestVideoFrameCallback(() => resolve());
})`;

/**
 * Moves the kiosk's time by `ms` in steps of `step`, each only once the camera has shown a new picture: the kiosk's
 * time never runs ahead of what its camera sees. On a busy machine a camera that is starting, or stalled for a moment,
 * would otherwise be read on one still picture for seconds of the kiosk's time, which a kiosk living in real time
 * never does.
 */
async function runWithCamera(page: Page, ms: number, step = FRAME_MS): Promise<void> {
  for (let moved = 0; moved < ms; moved += step) {
    await page.evaluate(NEXT_CAMERA_PICTURE);
    await page.clock.runFor(Math.min(step, ms - moved));
  }
}
const cameraStarts = (page: Page) => page.evaluate<number>('window.cameraStarts');

/** Any time will do: the tests read only what happens between their own steps. */
const CLOCK_START = Date.parse('2026-11-21T10:00:00Z');
/** One frame of the scanner's 15 a second. */
const FRAME_MS = 67;

test('three codes held up to the home camera 1.5 s apart: each replaces the last result at once, three check-ins and three sounds, no tap', async ({
  server,
  openWithCamera,
}) => {
  const { event, codes } = await queueAt(server);
  // Ada, Grace and Alan hold their codes up one after the other, 1.5 s each; then nobody for 1.5 s, and the feed
  // plays again. A code missed on a busy machine is read the next time round: the test waits for each person's
  // result, not for a moment.
  const page = await openWithCamera(queueOfCodes(codes, 1.5, 1.5));
  const tones = await recordTones(page);
  const screens = await recordScreens(page);
  const home = new KioskHomePage(page);
  // Results that never time out: a result can only leave the screen by being replaced.
  await home.open(event.uuid, '?result=600');
  await home.expectCamera('scanning');

  await expect.poll(() => checkedIn(server, event), { timeout: 4 * CAMERA_TIMEOUT_MS }).toBe(3);
  await expect
    .poll(async () => resultsOnly(await screens()).results.filter((r) => r.tone === 'success').length)
    .toBe(3);

  const { results, homeInBetween } = resultsOnly(await screens());
  const welcomes = results.filter((result) => result.tone === 'success').map((result) => result.title);
  expect(welcomes.toSorted()).toEqual(WELCOMES.toSorted());
  // Anyone seen again once the feed loops has been away for a while: "already checked in", never another welcome.
  expect(results.every((r) => r.tone === 'success' || r.tone === 'already')).toBe(true);
  expect(homeInBetween).toBe(false);
  expect(timesPlayed(await tones(), TONES.success)).toBe(3);
  // Still reading: the small viewfinder under the result asks the next person forward.
  await expect(home.viewfinder).toHaveClass(/camera--compact/);
  await expect(home.viewfinder).toContainText('Next person? Hold your QR code up to the camera.');
});

test('three codes from the barcode scanner 1.5 s apart: each replaces the last result at once, with its sound', async ({
  page,
  server,
}) => {
  const { event, codes } = await queueAt(server);
  const tones = await recordTones(page);
  const screens = await recordScreens(page);
  const scans = await recordFetches(page, '/scan');
  await page.clock.install();
  const home = new KioskHomePage(page);
  await home.open(event.uuid);
  // The kiosk's time moves only as the test says: 1.5 s between people, well inside a result's 10 s.
  await pauseClock(page);
  const result = new ResultPanel(page);

  for (const [i, code] of codes.entries()) {
    if (i > 0) await page.clock.runFor(1_500);
    await home.scanWithWedge(code);
    await expect(result.heading).toHaveText(WELCOMES[i]!);
    expect(await result.tone).toBe('success');
    await expect.poll(tones).toEqual(TONES.success);
  }
  expect(checkedIn(server, event)).toBe(3);
  const { results, homeInBetween } = resultsOnly(await screens());
  expect(results).toEqual(WELCOMES.map((title) => ({ kind: 'result', tone: 'success', title })));
  expect(homeInBetween).toBe(false);

  // Grace, 1.5 s after her own scan, scans again: the same person, nothing happens.
  await home.scanWithWedge(codes[1]!);
  await page.clock.runFor(1_000);
  expect((await scans.sentAt()).length).toBe(3);
  await expect(result.heading).toHaveText('Welcome, Alan Turing!');
  // Away for the whole 3 s, her code counts again: already checked in, in place of Alan's welcome.
  await page.clock.runFor(3_000);
  await home.scanWithWedge(codes[1]!);
  await expect(result.heading).toHaveText('Already checked in');
  await expect.poll(tones).toEqual(TONES.already);
  expect((await scans.sentAt()).length).toBe(4);
});

test('a code held up on the home screen checks the person in with no tap; held on, it is the same person', async ({
  server,
  openWithCamera,
}) => {
  const { event, codes } = await queueAt(server);
  const page = await openWithCamera(heldUpCode(codes[0]!));
  await page.addInitScript({ content: COUNT_CAMERA_FRAMES });
  const tones = await recordTones(page);
  const screens = await recordScreens(page);
  const scans = await recordFetches(page, '/scan');
  // The kiosk's time stands still from before the page loads and moves only with the test: the camera's scanner
  // reads its first frame as it starts, then one frame each 1/15 s of that time. However slow this machine is,
  // Ada's code is read again and again within the 3 s that make her the same person.
  await page.clock.install({ time: CLOCK_START });
  await page.clock.pauseAt(CLOCK_START + 1_000);
  const home = new KioskHomePage(page);
  await home.open(event.uuid, '?result=20');
  await home.expectCamera('scanning');

  const result = new ResultPanel(page);
  // A frame can be missed (the code is held by hand): the next ones are read, frame by frame.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(FRAME_MS);
        return result.root.count();
      },
      { timeout: CAMERA_TIMEOUT_MS },
    )
    .toBe(1);
  await expect(result.heading).toHaveText('Welcome, Ada Lovelace!');
  expect(server.attendee(event, PEOPLE[0]!.email)!.checkedInAt).not.toBeNull();
  // The home had the camera instead of a "Scan my code" button.
  expect((await screens())[0]).toEqual({ kind: 'home', title: 'Launch Night' });
  await expect(home.viewfinder).toHaveAttribute('data-status', 'scanning');

  // Ada keeps holding her code up for 6 s.
  const before = await framesRead(page);
  await runWithCamera(page, 6_000, 1_000);
  expect((await framesRead(page)) - before).toBeGreaterThanOrEqual(45);
  expect((await scans.sentAt()).length).toBe(1);
  await expect(result.heading).toHaveText('Welcome, Ada Lovelace!');
  expect(resultsOnly(await screens()).results).toHaveLength(1);
  expect(timesPlayed(await tones(), TONES.success)).toBe(1);

  // Her result times out while she still holds the code up: the home comes back, and stays. The clock moves to the
  // timeout's last second (the countdown is a whole second that may be a quarter of a second old), then frame by
  // frame until the home is back or the countdown is surely over, and stands still while the home and its camera
  // start again: going home takes the browser real time, which a busy machine may take longer than 30 frames.
  const secondsLeft = Number(/in (\d+) s/.exec(await result.root.locator('.countdown').innerText())![1]);
  await runWithCamera(page, Math.max(0, secondsLeft - 1.25) * 1_000, 1_000);
  for (let frames = 0; frames < 2 * 15 && (await result.root.count()) > 0; frames++) {
    await runWithCamera(page, FRAME_MS);
  }
  await expect(result.root, 'the result outlived its countdown').toHaveCount(0);
  await home.expectShown('Launch Night');
  await home.expectCamera('scanning');
  // The camera reads its first frame as soon as it plays again, at the same moment of the kiosk's time.
  await expect.poll(() => cameraStarts(page), { timeout: CAMERA_TIMEOUT_MS }).toBe(2);
  const atHome = await framesRead(page);
  await runWithCamera(page, 3_000);
  expect((await framesRead(page)) - atHome).toBeGreaterThanOrEqual(30);
  expect((await scans.sentAt()).length).toBe(1);
  await expect(result.root).toHaveCount(0);
});

test('a barcode scan during another screen’s result goes home and is read there', async ({
  page,
  server,
}) => {
  const { event, codes } = await queueAt(server);
  const checkIn = new CheckInPage(page);
  await checkIn.open(event.uuid);
  await checkIn.checkIn(PEOPLE[1]!.email);
  await expect(checkIn.result.heading).toHaveText('Welcome, Grace Hopper!');

  // Ada, next in the queue, scans before Grace's result has gone.
  await new KioskHomePage(page).scanWithWedge(codes[0]!);
  await expect(checkIn.result.heading).toHaveText('Welcome, Ada Lovelace!');
  await expect(page).toHaveURL(new RegExp(`/kiosk/${event.uuid}$`));
  expect(server.attendee(event, PEOPLE[0]!.email)!.checkedInAt).not.toBeNull();
});
