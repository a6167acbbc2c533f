import { DashboardPeoplePage, DashboardPersonPage } from './pages/DashboardPeoplePages.ts';
import { expect, test } from './support/fixtures.ts';

test('a person created with a public profile gets a printable QR code of an address that shows the profile', async ({
  page,
  server,
  request,
  expectAccessible,
}) => {
  await server.signIn(page);
  const people = new DashboardPeoplePage(page);
  const person = new DashboardPersonPage(page);

  await people.open();
  await expect(page.getByText('No people yet.')).toBeVisible();
  await expectAccessible(page, { touch: false });
  await people.newPerson.click();
  await expect(page).toHaveURL('/dashboard/people/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New person');
  await expect(page.getByText('The profile QR code appears here once the person is saved.')).toBeVisible();

  await person.field('Contact', 'Email').fill('ada@example');
  await person.field('Contact', 'First name').fill('Ada');
  await person.field('Contact', 'Last name').fill('Lovelace');
  await person.field('Contact', 'Birthday').fill('1990-12-10');
  await person.field('Address', 'City').fill('London');
  await person.field('Address', 'Postal code').fill('W1 postal code that is far too long');
  await person.field('Employment', 'Company').fill('Analytical Engines Ltd');
  await expect(person.profilePublic).not.toBeChecked();
  await expect(person.shown('First name')).toBeChecked();
  await person.save.click();

  // The server's messages, under their fields, nested ones included.
  await expect(page.getByRole('alert')).toHaveText(
    'The person was not saved: please fix the problems marked on the form.',
  );
  await person.expectProblem(
    person.field('Contact', 'Email'),
    'The email field must be a valid email address.',
  );
  await person.expectProblem(
    person.field('Address', 'Postal code'),
    'The address.postal code field must not be greater than 20 characters.',
  );
  await expect(person.field('Contact', 'Email')).toBeFocused();
  await expectAccessible(page, { touch: false });

  await person.field('Contact', 'Email').fill('ada@example.com');
  await person.field('Address', 'Postal code').fill('W1J 7NT');
  await person.profilePublic.check();
  await person.shown('Address').check();
  await person.shown('Employment').check();
  await person.save.click();

  await expect(page).toHaveURL(/\/dashboard\/people\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ada Lovelace');
  await expect(page.getByRole('status')).toHaveText('Ada Lovelace was added.');
  const stored = server.app.store.repos.users.findByUuid(page.url().split('/').pop()!)!;
  expect(stored).toMatchObject({
    email: 'ada@example.com',
    birthday: '1990-12-10',
    profilePublic: true,
    publicFields: ['first_name', 'last_name', 'address', 'employment'],
    address: { city: 'London', postal_code: 'W1J 7NT', street: null },
    employment: { company: 'Analytical Engines Ltd', job_title: null },
  });

  const profileUrl = `${server.url}/p/${stored.profileCode}`;
  await expect(person.qrCode('Ada Lovelace')).toHaveAttribute('data-qr-text', profileUrl);
  await expect(person.qrCard).toContainText(profileUrl);
  const profile = await request.get(profileUrl);
  expect(profile.status()).toBe(200);
  const html = await profile.text();
  expect(html).toContain('<h1>Ada Lovelace</h1>');
  expect(html).toContain('London');
  expect(html).toContain('Analytical Engines Ltd');
  expect(html).not.toContain('ada@example.com');
  await expectAccessible(page, { touch: false });

  // Print: the button opens the browser's print, and the print shows the QR card alone.
  // (Source text: this project's Node side has no DOM types.)
  await page.evaluate(`window.print = () => document.body.setAttribute('data-printed', 'yes')`);
  await page.getByRole('button', { name: 'Print QR code' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await page.emulateMedia({ media: 'print' });
  await expect(person.qrCode('Ada Lovelace')).toBeVisible();
  await expect(person.qrCard).toContainText('Ada Lovelace');
  for (const hidden of [
    person.form,
    page.getByRole('navigation', { name: 'Dashboard' }),
    page.getByRole('heading', { level: 1 }),
    page.getByRole('heading', { name: 'Profile QR code' }),
    page.getByRole('button', { name: 'Print QR code' }),
  ]) {
    await expect(hidden).toBeHidden();
  }
  await page.emulateMedia({ media: 'screen' });

  await people.open();
  const row = people.row('Ada Lovelace');
  await expect(row).toContainText('ada@example.com');
  await expect(row).toContainText('Public');
});

test('a profile made private is saved, says so beside its QR code, and its address no longer shows it', async ({
  page,
  server,
  request,
}) => {
  const ada = server.createUser({
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profilePublic: true,
    publicFields: ['first_name', 'last_name'],
  });
  await server.signIn(page);
  const people = new DashboardPeoplePage(page);
  const person = new DashboardPersonPage(page);
  await people.open();
  await people.row('Ada Lovelace').getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(page).toHaveURL(`/dashboard/people/${ada.uuid}`);
  await expect(person.field('Contact', 'Email')).toHaveValue('ada@example.com');
  await expect(person.profilePublic).toBeChecked();

  await person.profilePublic.uncheck();
  await person.field('Employment', 'Job title').fill('Mathematician');
  await person.save.click();
  await expect(page.getByRole('status').first()).toHaveText('Ada Lovelace was saved.');
  await expect(page.getByText(/This profile is private/)).toBeVisible();
  expect(server.app.store.repos.users.findByUuid(ada.uuid)).toMatchObject({
    profilePublic: false,
    employment: { job_title: 'Mathematician', company: null },
  });
  expect((await request.get(`/p/${ada.profileCode}`)).status()).toBe(403);

  await people.open();
  await expect(people.row('Ada Lovelace')).toContainText('Private');
});
