import { randomBytes, scryptSync } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import type { Organization } from '../../../server/organizations/organization.types.ts';
import { toTimestamp } from '../../../server/platform/time.ts';

/**
 * A password hash in the server's self-describing format (`scrypt$N$r$p$salt$key`, see server/access/passwords.ts)
 * at a cost far below the server's own: the lowest it accepts (N = 2^14). The server verifies a hash at the cost it
 * names, so an account seeded with it signs in within tens of milliseconds, where the full cost takes seconds on a
 * busy machine. Accounts made through the dashboard in a test (setup, adding staff, a new password) still get, and
 * are signed in with, the full cost.
 */
export function quickPasswordHash(password: string): string {
  const [N, r, p] = [2 ** 14, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export interface DashboardAccount {
  name: string;
  email: string;
  password: string;
  role: 'owner' | 'staff';
}

/**
 * Seeds a staff account of `organization` on the server at `url` and signs `page` in through the real sign-in
 * endpoint, so the page's context holds the session cookie.
 */
export async function signInToDashboard(
  page: Page,
  app: FastifyInstance,
  organization: Organization,
  url: string,
  account: DashboardAccount,
): Promise<void> {
  app.store.repos.staff.create(
    {
      organizationId: organization.id,
      name: account.name,
      email: account.email,
      passwordHash: quickPasswordHash(account.password),
      role: account.role,
    },
    toTimestamp(app.ctx.clock.now()),
  );
  const response = await page.request.post(`${url}/dashboard/api/session`, {
    data: { email: account.email, password: account.password },
    headers: { origin: url },
  });
  expect(response.status(), await response.text()).toBe(200);
}
