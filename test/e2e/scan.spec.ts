import { pauseClock } from './support/clock.ts';
import { heldUpCode } from './support/fake-camera.ts';
import { expect, test } from './support/fixtures.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { RegistrationPage } from './pages/RegistrationPage.ts';
import { ResultPanel } from './pages/ResultPanel.ts';
import { CAMERA_TIMEOUT_MS, ScanPage } from './pages/ScanPage.ts';
import type { Page } from '@playwright/test';

const ADA_PROFILE = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+44 20 7946 0018',
  birthday: '1815-12-10',
  address: { city: 'London', country: 'United Kingdom' },
  employment: { job_title: 'Analyst', company: 'Analytical Engines Ltd' },
  profilePublic: true,
  publicFields: ['first_name', 'last_name', 'email', 'birthday', 'address', 'employment'] as const,
};

function profileRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/public/profile/')) seen.push(request.url());
  });
  return seen;
}

/**
 * Counts the camera frames the scanner has taken up: it draws each from the video onto a canvas, then decodes the
 * canvas before it takes the next. Source text: this project's Node side has no DOM types.
 */
const COUNT_CAMERA_FRAMES = `(() => {
  window.cameraFramesRead = 0;
  const draw = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (image, ...rest) {
    if (image instanceof HTMLVideoElement) window.cameraFramesRead += 1;
    return draw.call(this, image, ...rest);
  };
})();`;

test.describe('with a camera', () => {
  test('a profile QR code in front of the camera shows the profile', async ({ server, openWithCamera }) => {
    const event = server.createEvent();
    const ada = server.createUser({ ...ADA_PROFILE, publicFields: [...ADA_PROFILE.publicFields] });
    const page = await openWithCamera(heldUpCode(`${server.url}/p/${ada.profileCode}`));
    const scan = new ScanPage(page);
    await scan.open(event.uuid);

    await expect(scan.profile.getByRole('heading')).toHaveText('Ada Lovelace', {
      timeout: CAMERA_TIMEOUT_MS,
    });
    await scan.expectCamera('scanning');
    await expect(scan.profileField('email')).toHaveText('ada@example.com');
    await expect(scan.profileField('birthday')).toHaveText('December 10, 1815');
    await expect(scan.profileField('employment')).toHaveText('Analyst, Analytical Engines Ltd');
    await expect(scan.profileField('address')).toHaveText('London, United Kingdom');
    // The phone number is not among the fields Ada made public.
    await expect(scan.profileField('phone')).toHaveCount(0);
  });

  test('a private profile shows the message, nothing of the person', async ({ server, openWithCamera }) => {
    const event = server.createEvent();
    const alan = server.createUser({ firstName: 'Alan', lastName: 'Turing', profilePublic: false });
    const page = await openWithCamera(heldUpCode(alan.profileCode));
    const scan = new ScanPage(page);
    await scan.open(event.uuid);

    await expect(scan.message).toContainText('This profile is private.', { timeout: CAMERA_TIMEOUT_MS });
    await expect(scan.profile).toHaveCount(0);
    await expect(page.getByText('Alan')).toHaveCount(0);
  });

  test('negative control: a feed without a QR code shows nothing', async ({ server, openWithCamera }) => {
    const event = server.createEvent();
    server.createUser({ ...ADA_PROFILE, publicFields: [...ADA_PROFILE.publicFields] });
    const page = await openWithCamera(null);
    await page.addInitScript({ content: COUNT_CAMERA_FRAMES });
    const requests = profileRequests(page);
    const scan = new ScanPage(page);
    await scan.open(event.uuid);
    await scan.expectCamera('scanning');

    // Three seconds' worth of Chromium's test pattern at 15 frames a second, however long this machine takes to
    // read them: the scanner decoded them all and found nothing.
    await expect
      .poll(() => page.evaluate<number>('window.cameraFramesRead'), { timeout: 2 * CAMERA_TIMEOUT_MS })
      .toBeGreaterThan(45);
    await expect(scan.profile).toHaveCount(0);
    await expect(scan.message).toHaveCount(0);
    expect(requests).toEqual([]);
  });

  test('camera permission refused: a clear message, and the scanner still works', async ({
    server,
    openWithCamera,
  }) => {
    const event = server.createEvent();
    const ada = server.createUser({ ...ADA_PROFILE, publicFields: [...ADA_PROFILE.publicFields] });
    const page = await openWithCamera([{ qr: 'unused' }], { allowed: false });
    const scan = new ScanPage(page);
    await scan.open(event.uuid);
    await scan.expectCamera('denied');
    await expect(scan.camera).toContainText(
      'The camera is not allowed here. You can still use the barcode scanner.',
    );

    await scan.scanWithWedge(ada.profileCode);
    await expect(scan.profile.getByRole('heading')).toHaveText('Ada Lovelace');
  });
});

test.describe('with a keyboard-wedge scanner and no camera', () => {
  test('says the camera is missing; a scanned code shows the profile without touching anything', async ({
    page,
    server,
  }) => {
    const event = server.createEvent();
    const ada = server.createUser({ ...ADA_PROFILE, publicFields: [...ADA_PROFILE.publicFields] });
    const scan = new ScanPage(page);
    await scan.open(event.uuid);
    await scan.expectCamera('missing');
    await expect(scan.camera).toContainText('No camera was found. You can still use the barcode scanner.');

    // Focus sits on the Back button: the scanner's Enter must not press it.
    await page.getByRole('button', { name: 'Back' }).focus();
    await scan.scanWithWedge(`${server.url}/p/${ada.profileCode}`);
    await expect(scan.profile.getByRole('heading')).toHaveText('Ada Lovelace');
    await expect(page).toHaveURL(new RegExp(`/kiosk/${event.uuid}/scan$`));
  });

  test('a private profile and what is no code stay on the screen; an unknown code is one the kiosk cannot find', async ({
    page,
    server,
  }) => {
    const event = server.createEvent();
    const alan = server.createUser({ firstName: 'Alan', profilePublic: false });
    const scan = new ScanPage(page);
    await scan.open(event.uuid);

    await scan.scanWithWedge(alan.profileCode);
    await expect(scan.message).toContainText('This profile is private.');
    await scan.scanWithWedge('https://example.com/tickets/42');
    await expect(scan.message).toHaveText('That is not a check-in or profile QR code.');
    await scan.scanWithWedge('NoSuchCode123');
    const result = new ResultPanel(page);
    // Issue 39: not "You are not registered", which a registered person holding an old code would read wrongly.
    await expect(result.heading).toHaveText(`We can't find this code for ${event.name}`);
    await expect(result.button('Check in with my email')).toBeVisible();
    expect(await result.tone).toBe('warning');
  });

  test('the same code again within 3 seconds of its last sighting is ignored, each code on its own', async ({
    page,
    server,
  }) => {
    const event = server.createEvent();
    const ada = server.createUser({ ...ADA_PROFILE, publicFields: [...ADA_PROFILE.publicFields] });
    const grace = server.createUser({
      firstName: 'Grace',
      lastName: 'Hopper',
      publicFields: ['first_name', 'last_name'],
    });
    const requests = profileRequests(page);
    await page.clock.install();
    const scan = new ScanPage(page);
    await scan.open(event.uuid);
    await scan.expectCamera('missing');
    // From here the page's clock moves only when the test says, however long the scans take to type here.
    await pauseClock(page);

    await scan.scanWithWedge(ada.profileCode);
    await expect(scan.profile.getByRole('heading')).toHaveText('Ada Lovelace');
    await scan.scanWithWedge(ada.profileCode);
    await scan.scanWithWedge(`${server.url}/p/${ada.profileCode}`);
    await scan.scanWithWedge(grace.profileCode);
    await expect(scan.profile.getByRole('heading')).toHaveText('Grace Hopper');
    expect(requests).toHaveLength(2);

    // Still within the 3 s: Grace and Ada, two people in view of the camera at once, are each ignored again,
    // whichever was seen last.
    await page.clock.runFor(2_999);
    await scan.scanWithWedge(grace.profileCode);
    await scan.scanWithWedge(ada.profileCode);
    await scan.scanWithWedge(grace.profileCode);
    await page.clock.runFor(1);
    expect(requests).toHaveLength(2);
    await expect(scan.profile.getByRole('heading')).toHaveText('Grace Hopper');

    // Away for the whole 3 s, the same code counts again.
    await page.clock.runFor(3_000);
    await scan.scanWithWedge(ada.profileCode);
    await expect(scan.profile.getByRole('heading')).toHaveText('Ada Lovelace');
    expect(requests).toHaveLength(3);
  });

  test.describe(() => {
    test.use({ rateLimits: { profile: 1 } });

    test('429: too many scans ask the person to wait', async ({ page, server }) => {
      const event = server.createEvent();
      const ada = server.createUser({ ...ADA_PROFILE, publicFields: [...ADA_PROFILE.publicFields] });
      const scan = new ScanPage(page);
      await scan.open(event.uuid);
      await scan.scanWithWedge(ada.profileCode);
      await expect(scan.profile).toBeVisible();
      await scan.scanWithWedge('SomeoneElse1');

      await expect(scan.message).toContainText('Please wait a moment');
      await expect(scan.message).toContainText('Please wait a few seconds and scan again.');
    });
  });

  test('"Register with this profile" opens the form filled in from the visible fields', async ({
    page,
    server,
  }) => {
    const event = server.createEvent({
      registration_fields: [
        { key: 'email', label: 'Email', type: 'email', required: true },
        { key: 'first_name', label: 'First name', type: 'text', required: true },
        { key: 'last_name', label: 'Last name', type: 'text', required: true },
        { key: 'phone', label: 'Phone', type: 'phone', required: false },
        { key: 'company', label: 'Company', type: 'text', required: false },
      ],
    });
    const ada = server.createUser({ ...ADA_PROFILE, publicFields: [...ADA_PROFILE.publicFields] });
    const home = new KioskHomePage(page);
    await home.open(event.uuid);
    await home.action('Scan my code').click();
    const scan = new ScanPage(page);
    await scan.scanWithWedge(ada.profileCode);
    await scan.registerWithProfile.click();

    const registration = new RegistrationPage(page);
    await expect(registration.form).toBeVisible();
    await expect(page.getByText('We filled in what your profile shows.')).toBeVisible();
    await expect(registration.field('Email')).toHaveValue('ada@example.com');
    await expect(registration.field('First name')).toHaveValue('Ada');
    await expect(registration.field('Last name')).toHaveValue('Lovelace');
    await expect(registration.field('Company')).toHaveValue('Analytical Engines Ltd');
    // Not public on the profile, so not filled in.
    await expect(registration.field('Phone')).toHaveValue('');

    await registration.submit();
    await expect(registration.result.heading).toHaveText('Welcome, Ada Lovelace!');
    expect(server.attendee(event, 'ada@example.com')?.answers.company).toBe('Analytical Engines Ltd');
  });
});

test.describe('checking in by code', () => {
  const ADA = {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: 'Analytical Engines',
  };

  test('a check-in QR code in front of the camera checks the person in at once', async ({
    server,
    openWithCamera,
  }) => {
    const event = server.createEvent();
    await server.register(event, ADA);
    const { checkinCode } = server.attendee(event, ADA.email)!;
    const page = await openWithCamera(heldUpCode(`ARV1:${checkinCode}`));
    const scan = new ScanPage(page);
    await scan.open(event.uuid);

    const result = new ResultPanel(page);
    await expect(result.heading).toHaveText('Welcome, Ada Lovelace!', { timeout: 10_000 });
    expect(await result.tone).toBe('success');
    await expect(page.getByTestId('checked-in-at')).toHaveText('Checked in at 10:00 AM.');
    await expect(result.button('Print my badge')).toBeVisible();
    expect(server.attendee(event, ADA.email)!.checkedInAt).toBe('2026-11-21T10:00:00+00:00');
    // The camera reads on under the result, small, for the next person.
    await expect(scan.camera).toHaveAttribute('data-status', 'scanning');
    await expect(scan.camera).toHaveClass(/camera--compact/);
    await expect(scan.camera).toContainText('Next person? Hold your QR code up to the camera.');
  });

  test('from the home screen, a keyboard-wedge scan checks in without a tap; the same code again is already checked in', async ({
    page,
    server,
  }) => {
    const event = server.createEvent();
    await server.register(event, ADA);
    const { checkinCode } = server.attendee(event, ADA.email)!;
    // The kiosk's day after the server's: a time of the day before reads with its date.
    await page.clock.install({ time: new Date('2026-11-22T09:00:00Z') });
    const home = new KioskHomePage(page);
    await home.open(event.uuid);
    await pauseClock(page);

    await home.scanWithWedge(`ARV1:${checkinCode}`);
    const result = new ResultPanel(page);
    await expect(result.heading).toHaveText('Welcome, Ada Lovelace!');
    await expect(page).toHaveURL(new RegExp(`/kiosk/${event.uuid}$`));
    expect(server.attendee(event, ADA.email)!.checkedInAt).not.toBeNull();

    await result.button('Done').click();
    await home.expectShown(event.name);
    // Scanned again at once, it is the same person still at the kiosk: nothing happens.
    await home.scanWithWedge(`ARV1:${checkinCode}`);
    await page.clock.runFor(1_000);
    await expect(result.root).toHaveCount(0);
    // Later, it is a second try.
    await page.clock.runFor(3_000);
    await home.scanWithWedge(`ARV1:${checkinCode}`);
    await expect(result.heading).toHaveText('Already checked in');
    // Issue 39: whose ticket, when and where, and no badge to print again.
    await expect(page.getByTestId('server-message')).toHaveText(
      'Ada checked in on Nov 21, 2026, 10:00 AM at a kiosk.',
    );
    await expect(result.root.getByRole('button', { name: /badge/ })).toHaveCount(0);
    expect(await result.tone).toBe('already');
  });

  test('the profile QR code of a registered person checks them in', async ({ page, server }) => {
    const event = server.createEvent();
    const grace = server.createUser({ email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });
    await server.register(event, { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' });
    const home = new KioskHomePage(page);
    await home.open(event.uuid);
    await home.action('Scan my code').click();
    const scan = new ScanPage(page);
    await scan.scanWithWedge(`${server.url}/p/${grace.profileCode}`);

    await expect(new ResultPanel(page).heading).toHaveText('Welcome, Grace Hopper!');
    expect(server.attendee(event, 'grace@example.com')!.checkedInAt).not.toBeNull();
  });

  test('a cancelled registration is refused, in red, with what to do', async ({ page, server }) => {
    const event = server.createEvent();
    await server.register(event, ADA);
    const attendee = server.attendee(event, ADA.email)!;
    server.app.ctx.attendees.cancelRegistration(event, attendee);
    const home = new KioskHomePage(page);
    await home.open(event.uuid);
    await home.scanWithWedge(attendee.checkinCode);

    const result = new ResultPanel(page);
    await expect(result.heading).toHaveText('Check-in is not possible here');
    await expect(page.getByTestId('server-message')).toHaveText(
      'Your registration has been cancelled. Please see event staff.',
    );
    expect(await result.tone).toBe('error');
  });
});
