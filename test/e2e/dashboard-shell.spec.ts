import type { Page } from '@playwright/test';
import { startTestApp, UNLIMITED } from '../helpers/app.ts';
import { expect, test } from './support/fixtures.ts';
import { KIOSK_DIR } from './support/paths.ts';

async function signInWith(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test.describe('first run', () => {
  // A server with no staff account yet: the dashboard offers setup and nothing else.
  test('sets up the organization and its owner, then signs out and in again', async ({
    page,
    expectAccessible,
  }) => {
    const fresh = await startTestApp({ kioskDir: KIOSK_DIR, rateLimits: UNLIMITED });
    try {
      await fresh.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = fresh.app.server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;

      await page.goto(`${base}/`);
      await page.getByRole('link', { name: /Staff dashboard/ }).click();
      await expect(page).toHaveURL(`${base}/dashboard/setup`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up Arrivals');
      await expectAccessible(page, { touch: false });

      await page.getByLabel('Organization name').fill('Harbour Arts Centre');
      await page.getByLabel('Your name').fill('Olivia Owner');
      await page.getByLabel('Email').fill('olivia@example.com');
      await page.getByLabel('Password').fill('too short');
      await page.getByRole('button', { name: 'Create organization' }).click();
      await expect(page.getByText('The password field must be at least 12 characters.')).toBeVisible();

      await page.getByLabel('Password').fill('correct horse battery');
      await page.getByLabel('Add a demo event').check();
      await page.getByRole('button', { name: 'Create organization' }).click();

      await expect(page).toHaveURL(`${base}/dashboard/events`);
      await expect(page.getByRole('banner')).toContainText('Harbour Arts Centre');
      await expect(page.getByRole('banner')).toContainText('Olivia Owner (owner)');
      expect(fresh.app.store.repos.organizations.list().map((o) => o.name)).toEqual(['Harbour Arts Centre']);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(`${base}/dashboard/sign-in`);
      await expect(page.getByRole('status')).toHaveText('You are signed out.');
      // Setup is over: its address leads to sign-in.
      await page.goto(`${base}/dashboard/setup`);
      await expect(page).toHaveURL(`${base}/dashboard/sign-in`);

      await signInWith(page, 'olivia@example.com', 'correct horse battery');
      await expect(page).toHaveURL(`${base}/dashboard/events`);
    } finally {
      await fresh.close();
    }
  });

  test('from another device, setup asks for the setup code the server printed', async ({
    page,
    expectAccessible,
  }) => {
    const fresh = await startTestApp({ kioskDir: KIOSK_DIR, rateLimits: UNLIMITED });
    try {
      await fresh.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = fresh.app.server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;
      // The browser runs on the server's machine; a forwarding header makes its requests another device's.
      await page.route('**/dashboard/api/**', (route) =>
        route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '192.0.2.7' } }),
      );

      await page.goto(`${base}/dashboard/setup`);
      const code = page.getByLabel('Setup code');
      await expect(code).toBeVisible();
      await expectAccessible(page, { touch: false });
      await page.getByLabel('Organization name').fill('Harbour Arts Centre');
      await page.getByLabel('Your name').fill('Olivia Owner');
      await page.getByLabel('Email').fill('olivia@example.com');
      await page.getByLabel('Password').fill('correct horse battery');
      await code.fill('0000-0000-0000');
      await page.getByRole('button', { name: 'Create organization' }).click();
      await expect(page.getByText('This setup code is not right.', { exact: false }).first()).toBeVisible();
      expect(fresh.app.store.repos.staff.count()).toBe(0);

      await code.fill(fresh.app.ctx.staff.setupCode()!);
      await page.getByRole('button', { name: 'Create organization' }).click();
      await expect(page).toHaveURL(`${base}/dashboard/events`);
      await expect(page.getByRole('banner')).toContainText('Olivia Owner (owner)');
    } finally {
      await fresh.close();
    }
  });
});

test('a wrong password is refused with the server message; a deep link opens after sign-in', async ({
  page,
  server,
  expectAccessible,
}) => {
  const account = await server.signIn(page);
  await page.context().clearCookies();

  await page.goto('/dashboard/staff');
  await expect(page).toHaveURL('/dashboard/sign-in');
  await expectAccessible(page, { touch: false });
  await signInWith(page, account.email, 'wrong password!');
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');

  await signInWith(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff');
});

test('an owner adds a staff member, who sees the events and desk only', async ({
  page,
  server,
  browser,
  expectAccessible,
}) => {
  await server.signIn(page, 'owner');
  await page.goto('/dashboard/staff');
  await expectAccessible(page, { touch: false });

  const form = page.getByRole('region', { name: 'Add a staff member' });
  await form.getByLabel('Name').fill('Sam Door');
  await form.getByLabel('Email').fill('sam@example.com');
  await form.getByLabel('Password').fill('door duty 2026!');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('status')).toHaveText('Sam Door was added.');
  const row = page.getByRole('row', { name: /Sam Door/ });
  await expect(row).toContainText('sam@example.com');
  await expect(row.getByRole('combobox')).toHaveValue('staff');

  const staffPage = await (await browser.newContext({ baseURL: server.url })).newPage();
  await staffPage.goto('/dashboard');
  await signInWith(staffPage, 'sam@example.com', 'door duty 2026!');
  await expect(staffPage).toHaveURL('/dashboard/events');
  await expect(nav(staffPage).getByRole('link')).toHaveText(['Events', 'Open a kiosk']);
  await staffPage.goto('/dashboard/staff');
  await expect(staffPage.getByRole('alert')).toContainText('Only owners can open this page.');

  // The owner removes them: their next request finds the session gone.
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status')).toHaveText('Sam Door was removed.');
  await expect(page.getByRole('row', { name: /Sam Door/ })).toHaveCount(0);
  await staffPage.goto('/dashboard/events');
  await expect(staffPage).toHaveURL('/dashboard/sign-in');
  await staffPage.context().close();
});

test('an owner resets a staff password; the old one stops working', async ({ page, server, browser }) => {
  await server.signIn(page, 'owner');
  const other = await (await browser.newContext({ baseURL: server.url })).newPage();
  const member = await server.signIn(other, 'staff');
  await page.goto('/dashboard/staff');

  await page
    .getByRole('row', { name: new RegExp(member.name) })
    .getByRole('button', { name: 'Reset password' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New password').fill('a brand new secret');
  await dialog.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText(`The password of ${member.name} was changed.`);

  await other.goto('/dashboard/events');
  await expect(other).toHaveURL('/dashboard/sign-in');
  await signInWith(other, member.email, member.password);
  await expect(other.getByRole('alert')).toHaveText('These credentials do not match our records.');
  await signInWith(other, member.email, 'a brand new secret');
  await expect(other).toHaveURL('/dashboard/events');
  await other.context().close();
});
