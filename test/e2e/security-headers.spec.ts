import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures.ts';

/**
 * The answers' own policies, in a real browser: the pages that bring one still work under it (a violation is a
 * console error, which fails the test), and no other page can frame the server's.
 */

test('/docs works under its own policy: the operations are listed and one opens', async ({ page }) => {
  // Swagger UI is a few megabytes of script, slow to start on a busy two-core machine.
  test.slow();
  await page.goto('/docs');
  const register = page.locator('.opblock').filter({ hasText: '/public/events/{uuid}/register' });
  await expect(register).toBeVisible();
  await register.locator('.opblock-summary').click();
  await expect(register.getByRole('button', { name: 'Try it out' })).toBeVisible();
});

test('/p/{code} is styled by its own style sheet, and nothing else loads', async ({ page, server }) => {
  const user = server.createUser({
    firstName: 'Ada',
    lastName: 'Lovelace',
    profilePublic: true,
    publicFields: ['first_name', 'last_name'],
  });
  await page.goto(`/p/${user.profileCode}`);
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  // The inline <style> applied: the page is narrow and in the system font, not the browser's default serif.
  expect(await page.evaluate('getComputedStyle(document.body).fontFamily')).toContain('system-ui');
});

test("no page of another origin can frame the dashboard, the kiosk, a profile or the API's answers", async ({
  browser,
  server,
}) => {
  const user = server.createUser({ firstName: 'Ada', profilePublic: true, publicFields: ['first_name'] });
  const targets = ['/dashboard', '/kiosk/x', `/p/${user.profileCode}`, '/docs', '/openapi.json'];
  // Another site on this machine (another port is another origin): its page frames each target, and one page of
  // its own, which must load, so a refusal is the target's headers and not the browser refusing every frame.
  const attackerSite = http.createServer((request, response) => {
    response.setHeader('content-type', 'text/html');
    if (request.url === '/own') return response.end('<p>own frame</p>');
    response.end(
      ['/own', ...targets.map((target) => server.url + target)]
        .map((src) => `<iframe src="${src}"></iframe>`)
        .join(''),
    );
  });
  await new Promise<void>((resolve) => attackerSite.listen(0, '127.0.0.1', resolve));
  // A page of its own, not the test's: the refusals are console errors there, and they are the point.
  const attacker = await browser.newPage();
  try {
    const refusals: string[] = [];
    attacker.on('console', (message) => {
      if (message.text().includes("frame-ancestors 'none'")) refusals.push(message.text());
    });
    await attacker.goto(`http://127.0.0.1:${(attackerSite.address() as AddressInfo).port}/`);

    await expect.poll(() => refusals.length).toBe(targets.length);
    const frames = attacker.mainFrame().childFrames();
    await expect.poll(() => frames[0]!.evaluate('document.body?.innerText')).toBe('own frame');
    for (const frame of frames.slice(1)) expect(frame.url()).toBe('chrome-error://chromewebdata/');
  } finally {
    await attacker.close();
    await new Promise((resolve) => attackerSite.close(resolve));
  }
});
