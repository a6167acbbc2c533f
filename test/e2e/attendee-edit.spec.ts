import type { Page } from '@playwright/test';
import type { TestClock } from '../helpers/app.ts';
import { TRADE_FAIR_FIELDS } from '../helpers/fields.ts';
import { expect, test } from './support/fixtures.ts';
import { expectFitsScreen } from './support/fits-screen.ts';
import { setUpMail, startMailServer } from './support/mail-server.ts';
import { en } from '../../renderer/src/shared/i18n/en.ts';
import { fr } from '../../renderer/src/shared/i18n/fr.ts';
// The catalogues' `dashboard`, as the dashboard's script installs it.
import '../../renderer/src/dashboard/words.ts';

/**
 * Issue 39: a wrong email can be corrected. At the desk, staff edit a person in a dialog (the event's own fields,
 * filled in) and the ticket goes to the corrected address; on the ticket page, the person sees where their ticket
 * went (masked) and, for a day after registering, corrects it with "Wrong address?". On a 360 px phone, in English
 * and in French, nothing wider than the screen; mail through a real SMTP server on loopback; the day's end by the
 * server's injected clock.
 */

const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });

const catalogue = (language: 'en' | 'fr') => (language === 'fr' ? fr : en);

/** The dashboard in `language`, as its switch leaves it on this device. */
async function useDashboardLanguage(page: Page, language: 'en' | 'fr') {
  await page.addInitScript(`localStorage.setItem('arrivals.dashboard.language', '${language}')`);
}

for (const language of ['en', 'fr'] as const) {
  test(`the desk's Edit dialog at 360 px, in ${language}: a corrected email gets the ticket`, async ({
    page,
    server,
  }) => {
    const w = catalogue(language).dashboard.desk;
    const smtp = await startMailServer();
    try {
      const event = server.createEvent({ name: 'Launch Night', registration_fields: TRADE_FAIR_FIELDS });
      setUpMail(server.app, event.organizationId, smtp, 'https://tickets.example');
      await server.register(event, {
        email: 'ada@gmial.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
        ticket: 'visitor',
      });
      await server.register(event, {
        email: 'grace@example.com',
        first_name: 'Grace',
        last_name: 'Hopper',
        ticket: 'visitor',
      });
      await expect.poll(() => smtp.to('ada@gmial.com').length).toBe(1);
      await useDashboardLanguage(page, language);
      await server.signIn(page, 'staff');
      await page.goto(`/dashboard/events/${event.uuid}/desk`);
      await page.getByRole('button', { name: `${w.actions.edit} Ada Lovelace`, exact: true }).click();

      const dialog = page.getByRole('dialog', { name: w.edit.title('Ada Lovelace') });
      await expect(dialog).toBeVisible();
      await expectFitsScreen(page, 'step 1');
      const email = dialog.getByRole('textbox', { name: /^e-?mail/i });
      await expect(email).toHaveValue('ada@gmial.com');
      // Someone else's address first: the server's refusal, under the field.
      await email.fill('grace@example.com');
      await dialog.getByRole('button', { name: w.edit.save }).click();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog).toBeVisible();
      await expectFitsScreen(page, 'step 2');

      await email.fill('ada@gmail.com');
      await dialog.getByRole('button', { name: w.edit.save }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(w.edit.savedAndResent('Ada Lovelace', 'ada@gmail.com'))).toBeVisible();
      await expect(page.getByTestId('attendee-row').filter({ hasText: 'Ada Lovelace' })).toContainText(
        'ada@gmail.com',
      );
      await expect.poll(() => smtp.to('ada@gmail.com').length).toBe(1);
      expect(smtp.to('ada@gmial.com')).toHaveLength(1);
      await expectFitsScreen(page, 'step 3');
    } finally {
      await smtp.close();
    }
  });

  test(`the ticket page's "Wrong address?" at 360 px, in ${language}, for a day after registering`, async ({
    page,
    server,
  }) => {
    const words = catalogue(language).ticket;
    const smtp = await startMailServer();
    try {
      const event = server.createEvent({ name: 'Open Day', registration_fields: TRADE_FAIR_FIELDS });
      setUpMail(server.app, event.organizationId, smtp, 'https://tickets.example');
      const registered = await server.app.inject({
        method: 'POST',
        url: `/public/events/${event.uuid}/register`,
        headers: { 'accept-language': language },
        payload: { email: 'ada@gmial.com', first_name: 'Ada', last_name: 'Lovelace', ticket: 'visitor' },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const ticketPath = String(registered.headers.location);

      await page.goto(ticketPath);
      const sentTo = page.getByTestId('ticket-sent-to');
      await expect(sentTo).toContainText(words.sentTo('a…@gmial.com'));
      await expect(page.getByTestId('ticket-qr')).toBeVisible();
      await expectFitsScreen(page, 'step 4');

      await sentTo.getByRole('button', { name: words.wrongAddress }).click();
      const field = sentTo.getByRole('textbox', { name: words.correctLabel });
      await field.fill('ada@gmail.com');
      await expectFitsScreen(page, 'step 5');
      await sentTo.getByRole('button', { name: words.correctSave }).click();
      await expect(page.getByTestId('corrected')).toHaveText(words.corrected('a…@gmail.com'));
      await expect(page.getByTestId('ticket-sent-to')).toContainText(words.sentTo('a…@gmail.com'));
      await expect.poll(() => smtp.to('ada@gmail.com').length).toBe(1);
      await expectFitsScreen(page, 'step 6');

      // A day after registering, the link no longer sends the ticket elsewhere: no "Wrong address?" any more.
      (server.app.ctx.clock as TestClock).advance(24 * 60 * 60 * 1000);
      await page.reload();
      await expect(page.getByTestId('ticket-sent-to')).toContainText(words.sentTo('a…@gmail.com'));
      await expect(page.getByRole('button', { name: words.wrongAddress })).toHaveCount(0);
    } finally {
      await smtp.close();
    }
  });
}
