import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectFitsScreen } from './support/fits-screen.ts';
import { setUpMail, startMailServer } from './support/mail-server.ts';
import { en } from '../../renderer/src/shared/i18n/en.ts';
import { fr } from '../../renderer/src/shared/i18n/fr.ts';
// The catalogues' `dashboard`, as the dashboard's script installs it.
import '../../renderer/src/dashboard/words.ts';

/**
 * Failed mail staff can act on, mail setup that teaches, and people who ask for their ticket again (issue 39), on a
 * phone, in English and in French, against real SMTP servers on loopback ports: the desk's Email filter counts
 * people by where their mail stands and finds the refused address; Retry now sends a waiting ticket at once; the
 * mail form's security follows the port, a failed test email names the likely fix, "saved" shows by the button;
 * the event page's "already registered" offers "Send my ticket again", and after registering the QR code is on the
 * first screen. The server's clock stands still: a retry's backoff never runs out by itself.
 */

const LANGUAGES = [
  ['en', en],
  ['fr', fr],
] as const;

/** The dashboard in `language`, as its switch leaves it on this device. */
async function dashboardIn(page: Page, language: 'en' | 'fr'): Promise<void> {
  await page.addInitScript(`window.localStorage.setItem('arrivals.dashboard.language', '${language}')`);
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  for (const [language, words] of LANGUAGES) {
    test(`the desk filters people by their mail, with counts, and retries a waiting ticket now, in ${language}`, async ({
      page,
      server,
    }) => {
      const w = words.dashboard.mail.desk;
      const smtp = await startMailServer({
        refuseRecipients: { 'gone@example.com': { code: 550, text: '5.1.1 No such user' } },
      });
      // A port nothing listens on: the outage.
      const down = await startMailServer();
      const downPort = down.port;
      await down.close();
      try {
        const event = server.createEvent({ name: 'Harbour Lights' });
        setUpMail(server.app, event.organizationId, smtp, 'https://tickets.example');
        await server.register(event, { email: 'gone@example.com', first_name: 'Gone', last_name: 'Away' });
        await server.register(event, { email: 'cy@example.com', first_name: 'Cy', last_name: 'Twombly' });
        const statuses = () =>
          server.app.store.db.prepare('SELECT status, attempts FROM mail_outbox ORDER BY id').all() as {
            status: string;
            attempts: number;
          }[];
        await expect.poll(() => statuses().map((row) => row.status)).toEqual(['failed', 'sent']);

        // The mail server goes away (settings untouched: nothing else is made due), and Ada registers meanwhile.
        const setPort = (port: number) =>
          server.app.store.db.prepare('UPDATE mail_settings SET port = ?').run(port);
        setPort(downPort);
        await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
        await expect.poll(() => statuses()[2]).toEqual({ status: 'queued', attempts: 1 });
        setPort(smtp.port);

        await dashboardIn(page, language);
        await server.signIn(page, 'owner');
        await page.goto(`/dashboard/events/${event.uuid}/desk`);
        const filter = page.getByRole('search').getByLabel(w.filter, { exact: true });
        await expect(filter).toBeVisible();
        await expect(page.getByTestId('desk-mail-counts')).toHaveText(
          w.peopleCounts({ sent: 1, queued: 1, failed: 0, bounced: 1, suppressed: 0, none: 0 }),
        );
        // People, not attempts, in each choice.
        await expect(filter.locator('option')).toHaveText([
          w.anyMail,
          w.states.sent(1),
          w.states.queued(1),
          w.states.failed(0),
          w.states.bounced(1),
          w.states.suppressed(0),
          w.states.none(0),
        ]);
        const names = page.getByTestId('attendee-row').getByRole('rowheader');
        await filter.selectOption('bounced');
        await expect(names).toHaveText(['Gone Away']);
        await expect(page.getByTestId('attendee-mail')).toContainText(w.bounced(w.kinds.confirmation!));
        await expectFitsScreen(page, 'desk filtered by a refused address');

        await filter.selectOption('queued');
        await expect(names).toHaveText(['Ada Lovelace']);
        expect(smtp.to('ada@example.com')).toHaveLength(0);
        await page.getByRole('button', { name: `${w.retryNow} Ada Lovelace` }).click();
        await expect(page.getByText(w.retrying('Ada Lovelace'))).toBeVisible();
        // At once, not when the backoff says (the server's clock stands still: it never would).
        await expect.poll(() => smtp.to('ada@example.com').length).toBe(1);
        await expectFitsScreen(page, 'desk after Retry now');
        await filter.selectOption('sent');
        await expect(names).toHaveText(['Cy Twombly', 'Ada Lovelace']);
      } finally {
        await smtp.close();
      }
    });

    test(`the mail form: security follows the port, a failed test names the fix, saved by the button, Retry now, in ${language}`, async ({
      page,
      server,
    }) => {
      const w = words.dashboard.mail.settings;
      // A relay without STARTTLS, as the newcomer's server was.
      const relay = await startMailServer();
      try {
        server.createEvent();
        await dashboardIn(page, language);
        await server.signIn(page, 'owner');
        await page.goto('/dashboard/mail');
        await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
        const form = page.getByRole('form', { name: w.title });
        const field = (label: string) =>
          form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(.+\\))?$`));
        // The address this dashboard was opened at, ready for the phones' links.
        await expect(field(w.publicUrl)).toHaveValue(/^http:\/\/[^/]+:\d+$/);

        const security = field(w.security);
        await expect(field(w.port)).toHaveValue('587');
        await expect(security).toHaveValue('starttls');
        await field(w.port).fill('465');
        await expect(security).toHaveValue('tls');
        await field(w.port).fill('25');
        await expect(security).toHaveValue('none');
        // Chosen by hand, it stays whatever the port.
        await security.selectOption('starttls');
        await field(w.port).fill(String(relay.port));
        await expect(security).toHaveValue('starttls');

        await field(w.host).fill('127.0.0.1');
        await field(w.fromAddress).fill('tickets@cityhall.example');
        await form.getByRole('button', { name: w.save }).click();
        const saved = page.getByTestId('mail-settings-saved').getByText(w.saved);
        await expect(saved).toBeVisible();
        await expect(saved).toBeInViewport();
        await expectFitsScreen(page, 'mail settings saved');

        const test = page.getByRole('form', { name: w.testHeading });
        await test.getByLabel(new RegExp(`^${w.testTo}`)).fill('olivia@example.com');
        await test.getByRole('button', { name: w.testSubmit }).click();
        const result = page.getByTestId('mail-test-result');
        await expect(result).toContainText(w.hints.no_starttls!);
        await expect(result).toContainText('500');
        await expectFitsScreen(page, 'mail test with its fix');

        // A ticket waits behind the same mistake; Retry now on the Email page tries it at once.
        const event = server.createEvent();
        await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
        const attempts = () =>
          server.app.store.db.prepare('SELECT attempts FROM mail_outbox').pluck().get() as number | undefined;
        await expect.poll(attempts).toBe(1);
        await page.reload();
        await expect(page.getByTestId('mail-outbox')).toHaveText(w.outbox(1, 0));
        await page.getByRole('button', { name: words.dashboard.mail.desk.retryNow }).click();
        await expect(page.getByTestId('mail-retried')).toHaveText(w.retried(1));
        await expect.poll(attempts).toBe(2);
        await expectFitsScreen(page, 'outbox retried');
      } finally {
        await relay.close();
      }
    });
  }
});

test.describe('on a phone, 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const [language, words] of LANGUAGES) {
    test(`"already registered" sends the ticket again; a new registration's QR code is on the first screen, in ${language}`, async ({
      page,
      server,
    }) => {
      const smtp = await startMailServer();
      try {
        // As an event is: a name of some length, its time in its own zone (named where the phone's differs), its
        // place: with all of it above the code, the code began below the first screen.
        const event = server.createEvent({
          name: 'Harbour Lights Winter Launch Party',
          location: 'Quai des Belges, Marseille',
          timezone: 'Europe/Paris',
          starts_at: '2026-12-05T17:00:00Z',
          ends_at: '2026-12-05T21:00:00Z',
        });
        setUpMail(server.app, event.organizationId, smtp, server.url);
        await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
        await expect.poll(() => smtp.to('ada@example.com').length).toBe(1);

        const query = language === 'fr' ? '?lang=fr' : '';
        await page.goto(`/e/${event.uuid}${query}`);
        const form = page.getByRole('form', { name: words.eventPage.formTitle });
        const labels =
          language === 'fr'
            ? { email: 'E-mail', first: 'Prénom', last: 'Nom' }
            : { email: 'Email', first: 'First name', last: 'Last name' };
        const fill = async (email: string, first: string, last: string) => {
          await form.getByLabel(labels.email, { exact: true }).fill(email);
          await form.getByLabel(labels.first, { exact: true }).fill(first);
          await form.getByLabel(labels.last, { exact: true }).fill(last);
        };
        await fill('ada@example.com', 'Ada', 'Lovelace');
        await form.getByRole('button', { name: words.eventPage.submit, exact: true }).click();
        await expect(page.getByTestId('alert')).toHaveText(words.eventPage.alreadyRegistered);
        await page.getByRole('button', { name: words.eventPage.sendAgain }).click();
        await expect(page.getByTestId('ticket-again-sent')).toHaveText(words.eventPage.sentAgain);
        await expect.poll(() => smtp.to('ada@example.com').length).toBe(2);
        await expectFitsScreen(page, 'sent again');

        await page.goto(`/e/${event.uuid}${query}`);
        await fill('bob@example.com', 'Bob', 'Marley');
        await form.getByRole('button', { name: words.eventPage.submit, exact: true }).click();
        await expect(page).toHaveURL(/\/t\/[0-9A-Za-z]+/);
        const qr = page.getByTestId('ticket-qr').locator('img');
        await expect(qr).toBeVisible();
        // The whole code, without scrolling.
        await expect(qr).toBeInViewport({ ratio: 1 });
        await expectFitsScreen(page, 'ticket');
      } finally {
        await smtp.close();
      }
    });
  }
});
