import { expect, test } from './support/fixtures.ts';
import { DashboardEventEditorPage } from './pages/DashboardEventsPage.ts';
import { DashboardPersonPage } from './pages/DashboardPeoplePages.ts';

// The server machine as a venue has it: loopback, a link-local IPv6 address, and its LAN address.
test.use({ interfaceAddresses: ['127.0.0.1', '::1', 'fe80::1%eth0', '192.0.2.44'] });

test('a dashboard opened as 127.0.0.1 prints QR codes of the LAN address, which other devices reach', async ({
  page,
  server,
}) => {
  const port = new URL(server.url).port;
  const event = server.createEvent({ name: 'Launch Night' });
  const ada = server.createUser({ firstName: 'Ada', lastName: 'Lovelace', profilePublic: true });
  await server.signIn(page, 'owner');

  await new DashboardEventEditorPage(page).open(event.uuid);
  const kioskUrl = `http://192.0.2.44:${port}/kiosk/${event.uuid}`;
  await expect(page.getByLabel('Kiosk address')).toHaveValue(kioskUrl);
  await expect(page.getByRole('img', { name: 'QR code of the kiosk link of Launch Night' })).toHaveAttribute(
    'data-qr-text',
    kioskUrl,
  );

  await page.goto(`/dashboard/people/${ada.uuid}`);
  const person = new DashboardPersonPage(page);
  const profileUrl = `http://192.0.2.44:${port}/p/${ada.profileCode}`;
  await expect(person.qrCode('Ada Lovelace')).toHaveAttribute('data-qr-text', profileUrl);
  await expect(person.qrCard).toContainText(profileUrl);
});
