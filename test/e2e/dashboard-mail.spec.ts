import type { EventRecord } from '../../server/events/event.types.ts';
import { expect, test, type KioskServer } from './support/fixtures.ts';
import { setUpMail, startMailServer } from './support/mail-server.ts';
import { DeskPage } from './pages/DeskPage.ts';
import { DeskMail, MailSettingsPage } from './pages/MailPages.ts';

/**
 * Email in the dashboard, against real SMTP servers on loopback ports: owners set the mail server up and a test
 * email shows what the server answered; the desk shows each person's email, resends a ticket, and sends tickets to
 * everyone never sent one, with a progress bar.
 */

/** A registration at a kiosk, which this organization does not mail. */
async function registerAtKiosk(server: KioskServer, event: EventRecord, email: string, name: string) {
  const [first_name, last_name] = name.split(' ');
  const response = await server.app.inject({
    method: 'POST',
    url: `/kiosk/api/events/${event.uuid}/register`,
    payload: { email, first_name, last_name },
  });
  expect(response.statusCode, response.body).toBe(201);
}

test('an owner sets the mail server up; a refused test email shows the server’s own answer; the password never shows', async ({
  page,
  server,
  expectAccessible,
}) => {
  const refusing = await startMailServer({
    refuseAuth: { code: 535, text: '5.7.8 Authentication credentials invalid' },
  });
  const accepting = await startMailServer();
  try {
    server.createEvent();
    await server.signIn(page, 'owner');
    const mail = new MailSettingsPage(page);
    await mail.open();
    await expect(page.getByText('Email is not set up: nobody gets a ticket by email yet.')).toBeVisible();
    await mail.fill({
      'SMTP host': '127.0.0.1',
      Port: String(refusing.port),
      Security: 'none',
      'User name': 'arrivals',
      Password: 'not-the-password',
      'From address': 'tickets@cityhall.example',
      'From name': 'City Hall',
      'Public address of this server': 'https://tickets.cityhall.example',
    });
    await mail.save();
    await expect(mail.notice('Mail settings saved.')).toBeVisible();
    // Write-only: the field is empty again, a line says one is stored, and the page holds it nowhere.
    await expect(mail.field('Password')).toHaveValue('');
    await expect(
      page.getByText('A password is stored. It is never shown; leave this empty to keep it.'),
    ).toBeVisible();
    expect(await page.content()).not.toContain('not-the-password');
    await expectAccessible(page, { touch: false });

    await mail.sendTest('olivia@example.com');
    await expect(mail.testResult).toHaveText(
      'The test email was not sent. The mail server answered: 535 5.7.8 Authentication credentials invalid',
    );
    expect(refusing.messages).toEqual([]);

    // The right server, the password kept as it was: the test email arrives.
    await mail.fill({ Port: String(accepting.port), 'User name': '' });
    await mail.save();
    await expect(mail.notice('Mail settings saved.')).toBeVisible();
    await mail.sendTest('olivia@example.com');
    await expect(mail.testResult).toContainText('The test email was sent.');
    expect(accepting.to('olivia@example.com')).toHaveLength(1);
    await expectAccessible(page, { touch: false });
  } finally {
    await refusing.close();
    await accepting.close();
  }
});

test('staff do not see the mail settings', async ({ page, server }) => {
  await server.signIn(page, 'staff');
  await page.goto('/dashboard/mail');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Only owners can open this page.');
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Email' }),
  ).toHaveCount(0);
});

test('the desk shows each person’s email, resends a ticket, and sends tickets to everyone never sent one', async ({
  page,
  server,
  expectAccessible,
}) => {
  const smtp = await startMailServer({
    hold: true,
    refuseRecipients: { 'bounce@example.com': { code: 550, text: '5.1.1 No such mailbox here' } },
  });
  try {
    const event = server.createEvent({ name: 'Harbour Lights Launch' });
    setUpMail(server.app, event.organizationId, smtp, server.url);
    // Mailed at once: a registration on the event page (the public door).
    await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
    // Not mailed: registrations at a kiosk, which this organization does not mail.
    await registerAtKiosk(server, event, 'grace@example.com', 'Grace Hopper');
    await registerAtKiosk(server, event, 'alan@example.com', 'Alan Turing');
    await registerAtKiosk(server, event, 'katherine@example.com', 'Katherine Johnson');
    await registerAtKiosk(server, event, 'bounce@example.com', 'Bo Unce');

    await server.signIn(page, 'staff');
    const desk = new DeskPage(page);
    await desk.open(event.uuid);
    const mail = new DeskMail(desk);
    // Ada's ticket is with the mail server, which holds it: queued.
    await expect.poll(() => smtp.held()).toBe(1);
    await expect(mail.cell('Ada Lovelace')).toHaveText('Ticket: queued');
    await expect(mail.cell('Grace Hopper')).toHaveText('None');
    smtp.release(1);
    await expect(mail.cell('Ada Lovelace')).toHaveText('Ticket: sent Nov 21, 2026, 10:00 AM');
    await expect(mail.counts).toHaveText('1 sent, 0 waiting, 0 failed; 4 people never sent a ticket.');

    await mail.sendTickets(4);
    // The mail server holds what it was given: the bar shows the job part done, and moves as mail goes.
    await expect.poll(() => smtp.held()).toBeGreaterThan(0);
    await expect(mail.progressStatus).toHaveText(/^[0-3] of 4 tickets handled\.$/);
    await expect(mail.progress).toHaveAttribute('max', '4');
    const handled = async () => Number(await mail.progress.getAttribute('value'));
    const before = await handled();
    expect(before).toBeLessThan(4);
    smtp.release(1);
    await expect.poll(handled).toBeGreaterThan(before);
    await expectAccessible(page, { touch: false });
    smtp.release();
    await expect(mail.progressStatus).toHaveText(
      'Done: 3 tickets sent, 1 failed (see each person’s email column).',
    );
    await expect(mail.cell('Bo Unce')).toContainText('Ticket: failed');
    await expect(mail.cell('Bo Unce')).toContainText('550 5.1.1 No such mailbox here');
    await expect(mail.cell('Grace Hopper')).toHaveText('Ticket: sent Nov 21, 2026, 10:00 AM');
    // The one that failed was never sent a ticket: Send tickets would try it again.
    await expect(mail.counts).toHaveText('4 sent, 0 waiting, 1 failed; 1 person never sent a ticket.');
    await expect(mail.sendTicketsButton(1)).toBeVisible();
    expect(smtp.to('grace@example.com')).toHaveLength(1);

    await mail.resend('Grace Hopper').click();
    await expect(page.getByText('The ticket of Grace Hopper is queued to be sent again.')).toBeVisible();
    await expect.poll(() => smtp.to('grace@example.com').length).toBe(2);
  } finally {
    await smtp.close();
  }
});
