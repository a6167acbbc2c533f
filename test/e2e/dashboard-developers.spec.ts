import { isSignedWith, startReceiver, type Receiver } from '../helpers/webhooks.ts';
import {
  DashboardLanIntegrationsPage,
  DashboardTokensPage,
  DashboardWebhooksPage,
} from './pages/DashboardDevelopersPages.ts';
import { expect, test } from './support/fixtures.ts';

/** The test server's clock stands still at 2026-11-21T10:00Z; the browser shows times in UTC, en-US. */
const NOW = /^Nov 21, 2026, 10:00\sAM$/;

test.describe('API tokens', () => {
  test('a token is shown once, opens the API, and is refused as soon as it is deleted', async ({
    page,
    context,
    server,
    request,
    expectAccessible,
  }) => {
    const event = server.createEvent({ name: 'Launch Night' });
    await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
    const attendeeUrl = `/api/attendees/${server.attendee(event, 'ada@example.com')!.uuid}`;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await server.signIn(page);
    const tokens = new DashboardTokensPage(page);

    await tokens.open();
    await expect(page.getByText('No tokens yet.')).toBeVisible();
    await expect(tokens.form.getByLabel('90 days (recommended)')).toBeChecked();
    await expect(tokens.form.getByLabel('Never (not recommended for production)')).not.toBeChecked();
    for (const scope of ['events:read', 'attendees:read', 'attendees:write', 'webhooks:manage']) {
      await expect(tokens.form.getByLabel(scope, { exact: true })).toBeChecked();
    }
    await expectAccessible(page, { touch: false });

    await tokens.form.getByLabel(/^Name/).fill('Website sign-ups');
    await tokens.form.getByRole('button', { name: 'Create token' }).click();

    await expect(tokens.shownOnce.box).toContainText('It cannot be shown again.');
    await expect(tokens.shownOnce.box.getByRole('heading', { name: 'Your new token' })).toBeFocused();
    const secret = await tokens.shownOnce.read();
    expect(secret.length).toBeGreaterThan(20);
    await tokens.shownOnce.box.getByRole('button', { name: 'Copy' }).click();
    await expect(tokens.shownOnce.box.getByRole('status')).toHaveText('Copied to the clipboard.');
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
    await expectAccessible(page, { touch: false });

    // The list: name, created, last used, expires (90 days on).
    await expect(await tokens.cell('Website sign-ups', 'Created')).toHaveText(NOW);
    await expect(await tokens.cell('Website sign-ups', 'Last used')).toHaveText('Never');
    await expect(await tokens.cell('Website sign-ups', 'Expires')).toHaveText(/^Feb 19, 2027, 10:00\sAM$/);
    await expect(await tokens.cell('Website sign-ups', 'Access')).toContainText('all events');

    const authorized = { headers: { authorization: `Bearer ${secret}` } };
    const lookup = await request.get(attendeeUrl, authorized);
    expect(lookup.status(), await lookup.text()).toBe(200);
    expect(((await lookup.json()) as { data: { email: string } }).data.email).toBe('ada@example.com');

    // Shown once: gone after a reload, while the list now knows the token was used.
    await page.reload();
    await expect(tokens.row('Website sign-ups')).toBeVisible();
    await expect(tokens.shownOnce.box).toHaveCount(0);
    await expect(await tokens.cell('Website sign-ups', 'Last used')).toHaveText(NOW);

    await tokens.deleteToken('Website sign-ups');
    await expect(page.getByRole('status').first()).toHaveText('The token “Website sign-ups” was deleted.');
    await expect(page.getByText('No tokens yet.')).toBeVisible();
    expect((await request.get(attendeeUrl, authorized)).status()).toBe(401);
  });

  test('a token can be limited to some events and scopes; Cancel keeps it', async ({
    page,
    server,
    request,
  }) => {
    const launch = server.createEvent({ name: 'Launch Night' });
    const gala = server.createEvent({ name: 'Winter Gala' });
    await server.register(gala, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
    const galaAttendee = `/api/attendees/${server.attendee(gala, 'ada@example.com')!.uuid}`;
    await server.signIn(page);
    const tokens = new DashboardTokensPage(page);
    await tokens.open();

    await tokens.form.getByLabel(/^Name/).fill('Door scanner');
    await tokens.form.getByLabel('7 days').check();
    await tokens.form.getByLabel('webhooks:manage').uncheck();
    await tokens.form.getByLabel('users:write').uncheck();
    await tokens.form.getByLabel('Only some events').check();
    await tokens.form.getByLabel('Launch Night').check();
    await tokens.form.getByRole('button', { name: 'Create token' }).click();
    const secret = await tokens.shownOnce.read();

    await expect(await tokens.cell('Door scanner', 'Expires')).toHaveText(/^Nov 28, 2026, 10:00\sAM$/);
    const access = await tokens.cell('Door scanner', 'Access');
    await expect(access).toContainText('events:read events:write attendees:read attendees:write');
    await expect(access).toContainText('1 event');
    const saved = server.app.store.repos.apiTokens.listForOrganization(launch.organizationId)[0]!;
    expect(saved.eventIds).toEqual([launch.uuid]);
    // Another event's attendee is out of its reach.
    const outside = await request.get(galaAttendee, { headers: { authorization: `Bearer ${secret}` } });
    expect(outside.status()).toBe(403);

    // The same name again is refused under the field.
    await tokens.form.getByLabel(/^Name/).fill('Door scanner');
    await tokens.form.getByRole('button', { name: 'Create token' }).click();
    await expect(tokens.form.getByLabel(/^Name/)).toHaveAccessibleDescription(
      /The name has already been taken\./,
    );

    await tokens.row('Door scanner').getByRole('button', { name: 'Delete Door scanner' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(tokens.row('Door scanner')).toBeVisible();
  });
});

test.describe('webhooks', () => {
  let receiver: Receiver;
  test.beforeEach(async ({ server }) => {
    receiver = await startReceiver();
    receiver.respond = () => ({ status: 200, body: 'thanks, got it' });
    server.allowLanHost(receiver.url);
  });
  test.afterEach(async () => receiver.close());

  test('an endpoint is created with its secret shown once, and a test ping is delivered and listed', async ({
    page,
    server,
    expectAccessible,
  }) => {
    await server.signIn(page);
    const webhooks = new DashboardWebhooksPage(page);
    await webhooks.open();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
    await expect(page.getByTestId('waiting-total')).toHaveText('No notifications are waiting to be sent.');
    await expectAccessible(page, { touch: false });

    const form = webhooks.addForm;
    await form.getByLabel(/^URL/).fill('ftp://127.0.0.1/hooks');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByLabel(/^URL/)).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel(/^URL/).fill(receiver.url);
    await form.getByLabel('Description').fill('Ticketing sync');
    await webhooks.kind(form, 'event.created').uncheck();
    await webhooks.kind(form, 'event.updated').uncheck();
    await expect(form.getByLabel('Send notifications to this endpoint')).toBeChecked();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    await expect(webhooks.shownOnce.box).toContainText('It cannot be shown again.');
    const secret = await webhooks.shownOnce.read();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole('status').first()).toHaveText(`The endpoint ${receiver.url} was added.`);
    const row = webhooks.row(receiver.url);
    await expect(row).toContainText('Ticketing sync');
    await expect(row).toContainText('attendee.registered');
    await expect(row).not.toContainText('event.updated');
    await expect(row).toContainText('Enabled');
    await expectAccessible(page, { touch: false });

    await page.reload();
    await expect(webhooks.row(receiver.url)).toBeVisible();
    await expect(webhooks.shownOnce.box).toHaveCount(0);

    await webhooks.row(receiver.url).getByRole('link', { name: receiver.url }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(receiver.url);
    await expect(page.getByText('Nothing was sent to this endpoint yet.')).toBeVisible();
    await expect(page.getByTestId('waiting-count')).toHaveText('No notifications are waiting to be sent.');

    await page.getByRole('button', { name: 'Send test ping' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Test notification queued.');
    const delivery = webhooks.deliveryRows.first();
    await expect(await webhooks.deliveryCell(delivery, 'Status code')).toHaveText('200');
    await expect(await webhooks.deliveryCell(delivery, 'Kind')).toHaveText('webhook.test');
    await expect(await webhooks.deliveryCell(delivery, 'Result')).toHaveText('Delivered');
    await expect(await webhooks.deliveryCell(delivery, 'Attempt')).toHaveText('#1');
    await expect(await webhooks.deliveryCell(delivery, 'Duration')).toHaveText(/^\d+ ms$/);
    await expect(await webhooks.deliveryCell(delivery, 'Response')).toHaveText('thanks, got it');
    // The receiver got it, signed with the secret that was shown.
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.json.type).toBe('webhook.test');
    expect(isSignedWith(secret, receiver.requests[0]!)).toBe(true);
    await expectAccessible(page, { touch: false });

    // Redelivered: the same webhook-id again, its second attempt.
    await delivery.getByRole('button', { name: /^Redeliver/ }).click();
    await expect(page.getByRole('status').first()).toHaveText('Redelivery queued.');
    await expect(await webhooks.deliveryCell(delivery, 'Attempt')).toHaveText('#2');
    expect(receiver.requests.map((r) => r.id)).toEqual([receiver.requests[0]!.id, receiver.requests[0]!.id]);
  });

  test('the list counts the notifications waiting as they queue, without a reload', async ({
    page,
    server,
  }) => {
    const event = server.createEvent({ name: 'Launch Night' });
    await server.signIn(page);
    const webhooks = new DashboardWebhooksPage(page);
    await webhooks.open();
    await webhooks.addEndpoint(receiver.url);
    await expect(page.getByTestId('waiting-total')).toHaveText('No notifications are waiting to be sent.');

    // The receiver is down: the registration's notification fails its first attempt and waits for the next.
    receiver.respond = () => ({ status: 503, body: 'down for maintenance' });
    await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
    await expect(page.getByTestId('waiting-total')).toHaveText('1 notification is waiting to be sent.');
    await expect(webhooks.row(receiver.url).getByRole('cell').last()).toHaveText('1');
    expect(receiver.requests).toHaveLength(1);
  });

  test('an endpoint is disabled and enabled, its secret rotated, its settings edited, and it is deleted', async ({
    page,
    server,
  }) => {
    const event = server.createEvent({ name: 'Launch Night' });
    await server.signIn(page);
    const webhooks = new DashboardWebhooksPage(page);
    await webhooks.open();
    const first = await webhooks.addEndpoint(receiver.url);
    await webhooks.row(receiver.url).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(receiver.url);

    // A receiver in trouble: the registration's delivery fails and waits for its next attempt.
    receiver.respond = () => ({ status: 503, body: 'down for maintenance' });
    await server.register(event, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
    const delivery = webhooks.deliveryRows.first();
    await expect(await webhooks.deliveryCell(delivery, 'Status code')).toHaveText('503');
    await expect(await webhooks.deliveryCell(delivery, 'Kind')).toHaveText('attendee.registered');
    await expect(await webhooks.deliveryCell(delivery, 'Result')).toHaveText(/^Pendingnext attempt /);
    await expect(await webhooks.deliveryCell(delivery, 'Response')).toHaveText('down for maintenance');
    await expect(page.getByTestId('waiting-count')).toHaveText('1 notification is waiting to be sent.');

    await page.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByRole('status').first()).toContainText('The endpoint is disabled');
    await expect(page.locator('.webhook-summary')).toContainText('Disabled');
    await page.getByRole('button', { name: 'Send test ping' }).click();
    await expect(page.getByRole('alert')).toHaveText('This webhook endpoint is disabled. Enable it first.');
    await page.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByRole('status').first()).toContainText('The endpoint is enabled');
    await expect(page.locator('.webhook-summary')).toContainText('Enabled');

    // Back up, and sent again at once on request.
    receiver.respond = () => ({ status: 204 });
    await delivery.getByRole('button', { name: /^Redeliver/ }).click();
    await expect(await webhooks.deliveryCell(delivery, 'Result')).toHaveText('Delivered');
    await expect(await webhooks.deliveryCell(delivery, 'Status code')).toHaveText('204');
    await expect(await webhooks.deliveryCell(delivery, 'Attempt')).toHaveText('#2');
    await expect(page.getByTestId('waiting-count')).toHaveText('No notifications are waiting to be sent.');

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await webhooks
      .confirm('Rotate the signing secret?')
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    await expect(webhooks.shownOnce.box.getByRole('heading', { name: 'Signing secret' })).toBeFocused();
    const second = await webhooks.shownOnce.read();
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);

    const settings = page.getByRole('form', { name: 'Endpoint settings' });
    await settings.getByLabel('Description').fill('Door display');
    await webhooks.kind(settings, 'attendee.checked_in').uncheck();
    await settings.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(page.getByText('The endpoint was saved.')).toBeVisible();
    const stored = server.app.store.repos.webhookEndpoints.findByUuid(page.url().split('/').pop()!)!;
    expect(stored.description).toBe('Door display');
    expect(stored.eventTypes).not.toContain('attendee.checked_in');

    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await webhooks.confirm('Delete this endpoint?').getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page).toHaveURL('/dashboard/developers/webhooks');
    await expect(page.getByRole('status').first()).toHaveText(`The endpoint ${receiver.url} was deleted.`);
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
  });
});

test.describe('LAN integrations', () => {
  let receiver: Receiver;
  test.beforeEach(async () => {
    receiver = await startReceiver();
  });
  test.afterEach(async () => receiver.close());

  test('a loopback endpoint is refused until an owner allows its host, and refused again once removed', async ({
    page,
    server,
    expectAccessible,
  }) => {
    const host = new URL(receiver.url).host;
    await server.signIn(page);
    const webhooks = new DashboardWebhooksPage(page);
    const lan = new DashboardLanIntegrationsPage(page);

    // Not allowed yet: the URL field says why and where to go.
    await webhooks.open();
    const url = webhooks.addForm.getByLabel(/^URL/);
    await url.fill(receiver.url);
    await webhooks.addForm.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(url).toHaveAccessibleDescription(/has not allowed under LAN integrations/);

    // Developers -> LAN integrations, from the navigation.
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'LAN integrations' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('LAN integrations');
    await expect(page.getByText('No hosts are allowed yet.')).toBeVisible();
    await expectAccessible(page, { touch: false });

    await lan.allow('http://printer.local/');
    await expect(lan.form.getByLabel(/^Host/)).toHaveAttribute('aria-invalid', 'true');
    await lan.allow(` ${host} `, 'Badge printer');
    await expect(page.getByRole('status').first()).toHaveText(`Webhooks may now reach “${host}”.`);
    await expect(lan.row(host)).toContainText('Badge printer');
    await expect(lan.row(host)).toContainText(/Nov 21, 2026, 10:00\sAM/);
    await expect(lan.form.getByLabel(/^Host/)).toHaveValue('');
    await lan.allow(host);
    await expect(lan.form.getByLabel(/^Host/)).toHaveAccessibleDescription(
      /The host has already been taken\./,
    );
    await expectAccessible(page, { touch: false });

    // Now the endpoint saves, and its test ping reaches the receiver.
    await webhooks.open();
    await webhooks.addEndpoint(receiver.url);
    await webhooks.row(receiver.url).getByRole('link', { name: receiver.url }).click();
    await page.getByRole('button', { name: 'Send test ping' }).click();
    const delivered = webhooks.deliveryRows.first();
    await expect(await webhooks.deliveryCell(delivered, 'Result')).toHaveText('Delivered');
    expect(receiver.requests).toHaveLength(1);
    const endpointUrl = page.url();

    // Taken off the list: the next delivery fails at once without reaching it, and nothing it said is kept.
    await lan.open();
    await lan.remove(host);
    await expect(page.getByRole('status').first()).toHaveText(`“${host}” is no longer allowed.`);
    await expect(page.getByText('No hosts are allowed yet.')).toBeVisible();
    await page.goto(endpointUrl);
    await page.getByRole('button', { name: 'Send test ping' }).click();
    await expect(webhooks.deliveryRows).toHaveCount(2);
    const refused = webhooks.deliveryRows.first();
    await expect(await webhooks.deliveryCell(refused, 'Result')).toHaveText('Failed');
    await expect(await webhooks.deliveryCell(refused, 'Status code')).toHaveText(
      'No answer: The destination address is not allowed.',
    );
    await expect(await webhooks.deliveryCell(refused, 'Response')).toHaveText('');
    expect(receiver.requests).toHaveLength(1);
  });
});
