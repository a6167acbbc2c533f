import type { Page } from '@playwright/test';
import type { EventRecord } from '../../server/events/event.types.ts';
import { expect, test, type KioskServer } from './support/fixtures.ts';
import { KioskHomePage } from './pages/KioskHomePage.ts';
import { ResultPanel } from './pages/ResultPanel.ts';

/**
 * A kiosk says what it saw when a scanned code does not check its holder in (issue 39): a code it cannot find, a
 * ticket of another event, a ticket used before (whose, when, where, and no badge), and the same ticket scanned
 * again while its welcome is still up. At the kiosk's two screens, portrait and landscape, in English and French.
 */

const NNBSP = '\u202f';
const NBSP = '\u00a0';
const SERVER_NOW = new Date('2026-11-21T10:00:00Z');

const WORDS = {
  en: {
    query: '?lang=en&result=600&idle=600',
    unknownTitle: "We can't find this code for Launch Night",
    unknownMessage:
      'If you registered, check in with your email address or find yourself by name. Or please see event staff.',
    otherTitle: 'This ticket is for Gala Dinner',
    otherMessage:
      'It is not a ticket for Launch Night. If you registered for Launch Night, check in with your email address or find yourself by name. Or please see event staff.',
    byEmail: 'Check in with my email',
    byName: 'Find me by name',
    findTitle: 'Find me by name',
    checkInTitle: 'Check in',
    welcome: 'Welcome, Grace Hopper!',
    already: 'Already checked in',
    atKiosk: 'Grace checked in at 10:00 AM at a kiosk.',
    atDesk: 'Ada checked in at 10:00 AM at the staff desk.',
    notYou: 'Not you? Please see event staff.',
    badge: /badge/i,
    done: 'Done',
  },
  fr: {
    query: '?lang=fr&result=600&idle=600',
    unknownTitle: 'Nous ne trouvons pas ce code pour Launch Night',
    unknownMessage:
      'Si vous avez une inscription, enregistrez votre arrivée avec votre adresse e-mail ou retrouvez-vous par votre nom. Sinon, veuillez vous adresser à l’équipe de l’événement.',
    otherTitle: 'Ce billet est pour Gala Dinner',
    otherMessage:
      'Ce n’est pas un billet pour Launch Night. Si vous avez une inscription à Launch Night, enregistrez votre arrivée avec votre adresse e-mail ou retrouvez-vous par votre nom. Sinon, veuillez vous adresser à l’équipe de l’événement.',
    byEmail: 'M’enregistrer avec mon e-mail',
    byName: 'Me retrouver par mon nom',
    findTitle: 'Retrouver mon inscription',
    checkInTitle: 'Enregistrement de l’arrivée',
    welcome: `Bienvenue, Grace Hopper${NNBSP}!`,
    already: 'Arrivée déjà enregistrée',
    atKiosk: `Grace${NBSP}: arrivée déjà enregistrée à 10:00, sur une borne.`,
    atDesk: `Ada${NBSP}: arrivée déjà enregistrée à 10:00, par l’équipe de l’événement.`,
    notYou: `Ce n’est pas vous${NNBSP}? Veuillez vous adresser à l’équipe de l’événement.`,
    badge: /badge/i,
    done: 'Terminé',
  },
} as const;

/** Launch Night, with Ada checked in at the desk and Grace registered; Gala Dinner with Alan's ticket. */
async function launchNight(server: KioskServer) {
  const event = server.createEvent({ name: 'Launch Night' });
  const gala = server.createEvent({ name: 'Gala Dinner' });
  await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  await server.register(event, { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' });
  await server.register(gala, { email: 'alan@example.com', first_name: 'Alan', last_name: 'Turing' });
  const ada = server.attendee(event, 'ada@example.com')!;
  expect(server.app.ctx.attendees.checkInAtDesk(event, ada).ok).toBe(true);
  const code = (e: EventRecord, email: string) => `ARV1:${server.attendee(e, email)!.checkinCode}`;
  return {
    event,
    ada: code(event, 'ada@example.com'),
    grace: code(event, 'grace@example.com'),
    alan: code(gala, 'alan@example.com'),
  };
}

/** The result's buttons and Done are on the screen, not below it. */
async function expectWithinScreen(page: Page, result: ResultPanel, done: string) {
  const viewport = page.viewportSize()!;
  const box = (await result.button(done).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

for (const viewport of [
  { width: 1080, height: 1920 },
  { width: 1920, height: 1080 },
]) {
  for (const language of ['en', 'fr'] as const) {
    const words = WORDS[language];
    test.describe(`at ${viewport.width}x${viewport.height}, in ${language === 'en' ? 'English' : 'French'}`, () => {
      test.use({ viewport });

      test('an unknown code, another event’s ticket, a ticket used at the desk, the same ticket twice: each said as it is', async ({
        page,
        server,
        expectAccessible,
      }) => {
        const { event, ada, grace, alan } = await launchNight(server);
        // The kiosk's day is the server's: a time of today reads as the time alone.
        await page.clock.install({ time: SERVER_NOW });
        const home = new KioskHomePage(page);
        const result = new ResultPanel(page);
        await home.open(event.uuid, words.query);

        // A code nobody has: not "you are not registered", but what to do instead.
        await home.scanWithWedge('NoSuchCode123');
        await expect(result.heading).toHaveText(words.unknownTitle);
        expect(await result.tone).toBe('warning');
        await expect(result.root.getByTestId('server-message')).toHaveText(words.unknownMessage);
        await expect(result.button(words.byEmail)).toBeVisible();
        await expect(result.button(words.byName)).toBeVisible();
        await expectWithinScreen(page, result, words.done);
        await expectAccessible(page);

        // Alan's ticket for the gala, at Launch Night's kiosk: the event it is for, and nobody's name.
        await home.scanWithWedge(alan);
        await expect(result.heading).toHaveText(words.otherTitle);
        await expect(result.root.getByTestId('server-message')).toHaveText(words.otherMessage);
        await expect(result.root).not.toContainText('Alan');
        await expect(result.button(words.byName)).toBeVisible();

        // Grace scans her ticket: welcome. Scanned again at once, while her welcome is up: used already.
        await home.scanWithWedge(grace);
        await expect(result.heading).toHaveText(words.welcome);
        await home.scanWithWedge(grace);
        await expect(result.heading).toHaveText(words.already);
        expect(await result.tone).toBe('already');
        await expect(result.root.getByTestId('server-message')).toHaveText(words.atKiosk);
        await expect(result.root.getByTestId('result-note')).toHaveText(words.notYou);
        await expect(result.root.getByRole('button', { name: words.badge })).toHaveCount(0);

        // Ada was checked in at the desk: a screenshot of her ticket gets her first name, the time and the place,
        // and no badge.
        await home.scanWithWedge(ada);
        await expect(result.root.getByTestId('server-message')).toHaveText(words.atDesk);
        await expect(result.heading).toHaveText(words.already);
        await expect(result.root.getByRole('button', { name: words.badge })).toHaveCount(0);
        await expect(result.root).not.toContainText('Lovelace');
        await expectWithinScreen(page, result, words.done);
        await expectAccessible(page);

        // Another unknown code, and the person finds themselves by name from there.
        await home.scanWithWedge('AnotherCode456');
        await expect(result.heading).toHaveText(words.unknownTitle);
        await result.button(words.byName).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.findTitle);
        await expect(page).toHaveURL(new RegExp(`/kiosk/${event.uuid}/check-in`));
      });
    });
  }
}

test('"Check in with my email" after an unknown code opens the email check-in', async ({ page, server }) => {
  const event = server.createEvent({ name: 'Launch Night' });
  const home = new KioskHomePage(page);
  const result = new ResultPanel(page);
  await home.open(event.uuid);
  await home.scanWithWedge('ARV1:7KQ4MZ2C9TXB');
  await expect(result.heading).toHaveText(WORDS.en.unknownTitle);
  await result.button(WORDS.en.byEmail).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WORDS.en.checkInTitle);
  await expect(page.getByLabel('Email address', { exact: true })).toBeVisible();
});
