import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  chromium,
  expect,
  type Browser,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import type { RateLimits } from '../../../server/access/rate-limits.ts';
import type { TokenScope } from '../../../server/contract/vocabulary.ts';
import { toTimestamp } from '../../../server/platform/time.ts';
import type { AttendeeRecord } from '../../../server/attendees/attendee.types.ts';
import type { EventRecord } from '../../../server/events/event.types.ts';
import type { UserProfile, UserRecord } from '../../../server/people/person.types.ts';
import { applyEventInput } from '../../../server/events/event.input.ts';
import {
  createEvent,
  createOrganization,
  createToken,
  createUser,
  registration,
  startTestApp,
  UNLIMITED,
  type TestApp,
} from '../../helpers/app.ts';
import { allowLanHost } from '../../helpers/webhooks.ts';
import { CHROMIUM_FLAGS, fakeCameraFlags, requireChromium } from './chromium.ts';
import { signInToDashboard } from './dashboard-session.ts';
import { writeCameraFeed, type Frame } from './fake-camera.ts';
import { KIOSK_DIR } from './paths.ts';
import { openVenue, type Venue } from './venue.ts';

type EventInput = Parameters<typeof createEvent>[2];

/** The real server over a fresh temp database, listening on a free port, seeded through the repositories. */
export interface KioskServer {
  url: string;
  createEvent(overrides?: EventInput): EventRecord;
  /** Changes an event's settings behind the kiosk's back, as staff would from the dashboard. */
  updateEvent(event: EventRecord, changes: EventInput): EventRecord;
  createUser(profile?: Partial<UserProfile>): UserRecord;
  /** Registers through the public API, as another kiosk or the web page would. */
  register(event: EventRecord, answers: Record<string, string>): Promise<void>;
  /** The event's live registration for the email, as stored. */
  attendee(event: EventRecord, email: string): AttendeeRecord | null;
  /**
   * Signs `page` in to the dashboard as a new owner (or staff member) of the server's organization, through the
   * real sign-in endpoint, so the page's context holds the session cookie. Returns the account's credentials.
   */
  signIn(page: Page, role?: 'owner' | 'staff'): Promise<{ name: string; email: string; password: string }>;
  /**
   * Lets the organization's webhooks reach `host` (a URL's host is taken from it), as an owner does under the
   * dashboard's LAN integrations: loopback receivers are refused until then.
   */
  allowLanHost(host: string): void;
  /** The server itself, for a test that needs the store (seeding thousands of rows, reading what was saved). */
  app: TestApp['app'];
}

/**
 * A second Arrivals server on another loopback port, standing for the organization's online instance that the hub
 * (`server`) follows: its own organization, one published event with a few registrations, and a `sync` token.
 */
export interface OnlineServer {
  url: string;
  event: EventRecord;
  /** How many people registered for `event`. */
  attendeeCount: number;
  /** A token of the online organization with the `sync` and `attendees:read` scopes, covering all its events. */
  syncToken: string;
  /** Another token of the online organization, with these scopes. */
  createToken(scopes: TokenScope[]): string;
  app: TestApp['app'];
}

/** The online server's event: a start a test can read back as the dashboard shows it. */
const ONLINE_EVENT = { name: 'Harbour Festival', starts_at: '2026-12-05T18:00:00Z' };
const ONLINE_ATTENDEES = 3;

interface ServerOptions {
  /** Rate limits for this test's server; unlimited unless a test is about them. */
  rateLimits: Partial<RateLimits>;
  /**
   * The server machine's interface addresses. Loopback only unless a test is about LAN addresses, so the links the
   * dashboard prints do not depend on the test machine's network.
   */
  interfaceAddresses: string[];
  /**
   * The address the server listens on: loopback, as a desktop kiosk on its own does, unless a test is about a server
   * the venue's network reaches (`0.0.0.0`, as `arrivals serve` and a hub listen). Tests still reach it on loopback.
   */
  listenHost: string;
}

/**
 * Chromium's own "Failed to load resource" line for an API refusal the page handles: a 4xx from the kiosk's
 * /public/ and /kiosk/api/ endpoints or the dashboard's /dashboard/api/ (401 before sign-in, 422 under a form's
 * fields).
 */
function isHandledApiRefusal(message: ConsoleMessage): boolean {
  const { pathname } = new URL(message.location().url);
  return (
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
    (pathname.startsWith('/public/') ||
      pathname.startsWith('/kiosk/api/') ||
      pathname.startsWith('/dashboard/api/'))
  );
}

/**
 * Every visible control a finger can press must be at least 48 by 48 CSS pixels. One pass in the page (source
 * text: this project's Node side has no DOM types).
 */
const SMALL_TOUCH_TARGETS = `[...document.querySelectorAll('a[href], button, input, select, textarea, [role="button"]')]
  .map((element) => [element, element.getBoundingClientRect()])
  .filter(([, box]) => box.width > 0 && box.height > 0 && (box.width < 48 || box.height < 48))
  .map(([element, box]) =>
    (element.getAttribute('aria-label') || element.textContent.trim() || element.outerHTML.slice(0, 60)) +
    ': ' + Math.round(box.width) + 'x' + Math.round(box.height))`;

/** Console errors and uncaught exceptions on the page, which a test then expects to be none. */
function watchConsole(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && !isHandledApiRefusal(message)) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
}

export const test = base.extend<
  ServerOptions & {
    server: KioskServer;
    /** A hub and the kiosks a test pairs with it, each a real server on loopback (support/venue.ts). */
    venue: Venue;
    online: OnlineServer;
    consoleProblems: string[];
    /**
     * A page in a Chromium of its own whose camera shows `frames` (a looping y4m), or Chromium's test pattern for
     * null; with `allowed: false` the camera permission is refused; `args` are more Chromium flags.
     */
    openWithCamera: (
      frames: Frame[] | null,
      options?: { allowed?: boolean; args?: readonly string[] },
    ) => Promise<Page>;
    /**
     * Runs axe on the page as it is now: no serious or critical violations; and, on kiosk pages (not the staff
     * dashboard, used with a mouse), every control at least 48 px.
     */
    expectAccessible: (page?: Page, options?: { touch?: boolean }) => Promise<void>;
  }
>({
  rateLimits: [{}, { option: true }],
  interfaceAddresses: [['127.0.0.1', '::1'], { option: true }],
  listenHost: ['127.0.0.1', { option: true }],

  server: async ({ rateLimits, interfaceAddresses, listenHost }, use) => {
    const testApp = await startTestApp({
      kioskDir: KIOSK_DIR,
      rateLimits: { ...UNLIMITED, ...rateLimits },
      interfaceAddresses: () => interfaceAddresses,
    });
    await testApp.app.listen({ host: listenHost, port: 0 });
    const { port } = testApp.app.server.address() as { port: number };
    const { app } = testApp;
    const organization = createOrganization(app, 'City Hall');
    let signIns = 0;
    await use({
      url: `http://127.0.0.1:${port}`,
      createEvent: (overrides = {}) => createEvent(app, organization, overrides),
      updateEvent: (event, changes) => {
        const current = app.store.repos.events.findById(event.id)!;
        const settings = applyEventInput(current, changes as Parameters<typeof applyEventInput>[1]);
        return app.store.repos.events.update(event.id, settings, toTimestamp(app.ctx.clock.now()));
      },
      createUser: (profile = {}) => createUser(app, organization, profile),
      register: async (event, answers) => {
        const response = await app.inject({
          method: 'POST',
          url: `/public/events/${event.uuid}/register`,
          payload: answers,
        });
        expect(response.statusCode, response.body).toBe(201);
      },
      attendee: (event, email) => app.store.repos.attendees.findForEmail(event.id, email),
      allowLanHost: (host) => allowLanHost(app, organization, host),
      signIn: async (page, role = 'owner') => {
        signIns += 1;
        const account = {
          name: role === 'owner' ? `Olivia Owner ${signIns}` : `Sam Staff ${signIns}`,
          email: `${role}${signIns}@example.com`,
          password: 'correct horse battery',
        };
        await signInToDashboard(page, app, organization, `http://127.0.0.1:${port}`, { ...account, role });
        return account;
      },
      app,
    });
    await testApp.close();
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none here.
  venue: async ({}, use) => {
    const venue = await openVenue();
    await use(venue);
    await venue.close();
  },

  // Playwright reads what a fixture needs from its first parameter's pattern: this one needs nothing.
  // eslint-disable-next-line no-empty-pattern
  online: async ({}, use) => {
    const testApp = await startTestApp({ rateLimits: UNLIMITED });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as { port: number };
    const { app } = testApp;
    const organization = createOrganization(app, 'City Hall Online');
    const event = createEvent(app, organization, ONLINE_EVENT);
    for (let i = 0; i < ONLINE_ATTENDEES; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: `/public/events/${event.uuid}/register`,
        payload: registration(`online${i}@example.com`),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    await use({
      url: `http://127.0.0.1:${port}`,
      event,
      attendeeCount: ONLINE_ATTENDEES,
      syncToken: createToken(app, organization, { scopes: ['sync', 'attendees:read'] }),
      createToken: (scopes) => createToken(app, organization, { scopes }),
      app,
    });
    await testApp.close();
  },

  baseURL: async ({ server }, use) => use(server.url),

  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      watchConsole(page, problems);
      await use(problems);
      expect(problems, 'console errors on the kiosk page').toEqual([]);
    },
    { auto: true },
  ],

  openWithCamera: async ({ server, consoleProblems, viewport, locale, timezoneId }, use) => {
    const browsers: Browser[] = [];
    // A few megabytes of video per feed: kept out of test-results and removed afterwards.
    const feeds = fs.mkdtempSync(path.join(os.tmpdir(), 'arrivals-camera-'));
    await use(async (frames, { allowed = true, args = [] } = {}) => {
      let feed: string | null = null;
      if (frames) {
        feed = path.join(feeds, `camera-${browsers.length}.y4m`);
        writeCameraFeed(feed, frames);
      }
      const browser = await chromium.launch({
        executablePath: requireChromium(),
        args: [...CHROMIUM_FLAGS, ...fakeCameraFlags(feed, allowed), ...args],
      });
      browsers.push(browser);
      const context = await browser.newContext({ viewport, locale, timezoneId, baseURL: server.url });
      const page = await context.newPage();
      watchConsole(page, consoleProblems);
      return page;
    });
    await Promise.all(browsers.map((browser) => browser.close()));
    fs.rmSync(feeds, { recursive: true, force: true });
  },

  expectAccessible: async ({ page: defaultPage }, use) => {
    await use(async (page = defaultPage, { touch = true } = {}) => {
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        // Run in the page itself. By default axe opens a second page to put together what it found in each frame;
        // these pages have no frames, and on a busy machine that second page took as long as the scan.
        .setLegacyMode()
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
      if (!touch) return;
      const small = await page.evaluate<string[]>(SMALL_TOUCH_TARGETS);
      expect(small, `touch targets under 48 px on ${page.url()}`).toEqual([]);
    });
  },
});

export { expect };
