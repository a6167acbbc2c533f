import type { EventRecord } from '../../server/events/event.types.ts';
import { expect, test, type KioskServer } from './support/fixtures.ts';
import { setUpMail, startMailServer } from './support/mail-server.ts';
import { DashboardEventEditorPage } from './pages/DashboardEventsPage.ts';
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
  // A password needs STARTTLS or TLS (issue 36): the server signed in to speaks it.
  const refusing = await startMailServer({
    tls: true,
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
      Security: 'starttls',
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
    // With the likely fix (issue 39).
    await expect(mail.testResult).toHaveText(
      'The test email was not sent. The mail server answered: 535 5.7.8 Authentication credentials invalid ' +
        'Likely fix: the server refused the user name or password. Check both (some providers want an app password).',
    );
    expect(refusing.messages).toEqual([]);

    // The right server, a relay that takes mail without signing in: the test email arrives.
    await mail.fill({ Port: String(accepting.port), Security: 'none', 'User name': '' });
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

test('a new host without the password again: the page says it is dropped before saving, and it is', async ({
  page,
  server,
}) => {
  const first = await startMailServer({ tls: true });
  const stranger = await startMailServer({ tls: true });
  try {
    await server.signIn(page, 'owner');
    const mail = new MailSettingsPage(page);
    await mail.open();
    await mail.fill({
      'SMTP host': '127.0.0.1',
      Port: String(first.port),
      Security: 'starttls',
      'User name': 'tickets',
      Password: 'the smtp password',
      'From address': 'tickets@cityhall.example',
      'Public address of this server': 'https://tickets.cityhall.example',
    });
    await mail.save();
    await expect(mail.notice('Mail settings saved.')).toBeVisible();
    const dropped = page.getByTestId('mail-password-dropped');
    await expect(dropped).toHaveCount(0);

    await mail.fill({ Port: String(stranger.port) });
    await expect(dropped).toHaveText(
      'When you save, the stored password is removed: it goes only to the server, port, security and user name it was given for. Type it again to keep signing in.',
    );
    // Back to the server it was given for: nothing is dropped.
    await mail.fill({ Port: String(first.port) });
    await expect(dropped).toHaveCount(0);
    await mail.fill({ Port: String(stranger.port) });
    await mail.save();
    await expect(mail.notice('Mail settings saved.')).toBeVisible();
    await expect(page.getByText('No password is stored. Needed only with a user name.')).toBeVisible();
    await expect(dropped).toHaveCount(0);

    await mail.sendTest('olivia@example.com');
    await expect(mail.testResult).not.toBeEmpty();
    expect(stranger.passwords).not.toContain('the smtp password');
  } finally {
    await first.close();
    await stranger.close();
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
    // People, not mails (issue 39).
    await expect(mail.counts).toHaveText(
      '1 person sent an email, 0 waiting, 0 failed, 0 refused by their mail server, 0 over the email limit, 4 never emailed.',
    );

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
      'Done: 3 tickets sent, 1 failed (choose Failed or Address refused under Email to find them).',
    );
    await expect(mail.cell('Bo Unce')).toContainText('Ticket: address refused');
    await expect(mail.cell('Bo Unce')).toContainText('550 5.1.1 No such mailbox here');
    await expect(mail.cell('Grace Hopper')).toHaveText('Ticket: sent Nov 21, 2026, 10:00 AM');
    // The address refused for good is not tried again by Send tickets (issue 39): nobody is left to send to.
    await expect(mail.counts).toHaveText(
      '4 people sent an email, 0 waiting, 0 failed, 1 refused by their mail server, 0 over the email limit, 0 never emailed.',
    );
    await expect(mail.sendTicketsButton(1)).toHaveCount(0);
    await expect(mail.section).toContainText('Everyone registered has been sent a ticket.');
    expect(smtp.to('grace@example.com')).toHaveLength(1);

    await mail.resend('Grace Hopper').click();
    await expect(page.getByText('The ticket of Grace Hopper is queued to be sent again.')).toBeVisible();
    await expect.poll(() => smtp.to('grace@example.com').length).toBe(2);
  } finally {
    await smtp.close();
  }
});

test('a mail over the address’s limit is not sent, and the desk says why', async ({ page, server }) => {
  const smtp = await startMailServer();
  try {
    const event = server.createEvent({ name: 'Harbour Lights Launch' });
    setUpMail(server.app, event.organizationId, smtp, server.url);
    await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
    await expect.poll(() => smtp.to('ada@example.com').length).toBe(1);
    // Resent by staff, twice: three emails about the event in the hour, the most one address gets.
    for (let sent = 2; sent <= 3; sent++) {
      const resent = server.app.ctx.mail.resendTicket(event, server.attendee(event, 'ada@example.com')!);
      expect(resent.ok).toBe(true);
      await expect.poll(() => smtp.to('ada@example.com').length).toBe(sent);
    }

    await server.signIn(page, 'staff');
    const desk = new DeskPage(page);
    await desk.open(event.uuid);
    const mail = new DeskMail(desk);
    await expect(mail.cell('Ada Lovelace')).toHaveText('Ticket: sent Nov 21, 2026, 10:00 AM');
    await mail.resend('Ada Lovelace').click();
    await expect(page.getByText('The ticket of Ada Lovelace is queued to be sent again.')).toBeVisible();
    await expect(mail.cell('Ada Lovelace')).toContainText('Ticket: not sent, limit reached');
    await expect(mail.cell('Ada Lovelace')).toContainText(
      'Not sent: this address already got 3 emails about this event in the last hour, the most it may get (an owner can raise the limit in the event’s email settings).',
    );
    await expect(page.getByTestId('desk-mail-suppressed')).toHaveText(
      '1 not sent: their address had reached the event’s email limit.',
    );
    expect(smtp.to('ada@example.com')).toHaveLength(3);
  } finally {
    await smtp.close();
  }
});

test('an owner raises the event’s email limits in its editor', async ({ page, server, expectAccessible }) => {
  const event = server.createEvent({ name: 'Harbour Lights Launch' });
  await server.signIn(page, 'owner');
  const editor = new DashboardEventEditorPage(page);
  await editor.open(event.uuid);
  const limits = page.getByRole('form', { name: 'Email limits' });
  await expect(limits.getByLabel('Emails to one address in an hour')).toHaveValue('3');
  await expect(limits.getByLabel('Emails to one address in a day')).toHaveValue('10');
  await limits.getByLabel('Emails to one address in an hour').fill('500');
  await limits.getByRole('button', { name: 'Save email limits' }).click();
  await expect(limits.getByText('The per address per hour field must not be greater than 50.')).toBeVisible();
  await limits.getByLabel('Emails to one address in an hour').fill('5');
  await limits.getByLabel('Emails to one address in a day').fill('20');
  await limits.getByRole('button', { name: 'Save email limits' }).click();
  await expect(limits.getByText('Saved: at most 5 an hour and 20 a day to one address.')).toBeVisible();
  expect(server.app.ctx.mail.capsOf(event)).toEqual({ perHour: 5, perDay: 20 });
  await expectAccessible(page, { touch: false });
});
