import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/access/passwords.ts';
import type * as Passwords from '../../server/access/passwords.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { SAME_ORIGIN } from '../helpers/dashboard.ts';

// Counts the 128 MiB scrypt hashes, so a test can say that a refusal came before one.
vi.mock('../../server/access/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

let t: TestApp;
beforeEach(async () => {
  vi.mocked(hashPassword).mockClear();
  t = await startTestApp();
});
afterEach(async () => t.close());

const OWNER = {
  organization_name: 'City Hall Events',
  name: 'Olive Owner',
  email: 'olive@example.com',
  password: 'correct horse battery',
};

/** A device on the venue LAN, not the machine the server runs on. */
const LAN_DEVICE = '192.168.1.50';

async function send(
  method: 'GET' | 'POST',
  body: Record<string, unknown> | undefined,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({
    method,
    url: '/dashboard/api/setup',
    remoteAddress: options.remoteAddress ?? LAN_DEVICE,
    headers: {
      ...SAME_ORIGIN,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('the one-time setup code', () => {
  it('is 12 digits, and only a device other than this machine is asked for it', async () => {
    const code = t.app.ctx.staff.setupCode();
    expect(code).toMatch(/^\d{4}-\d{4}-\d{4}$/);
    expect((await send('GET', undefined)).body).toEqual({
      data: { needs_setup: true, needs_setup_code: true },
    });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await send('GET', undefined, { remoteAddress })).body, remoteAddress).toEqual({
        data: { needs_setup: true, needs_setup_code: false },
      });
    }
  });

  it('a LAN device without the right code is refused before any password is hashed', async () => {
    const missing = await send('POST', OWNER);
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: 'Validation failed.',
      errors: { setup_code: ['The setup code field is required.'] },
    });
    const wrongMessage =
      "This setup code is not right. It is shown where Arrivals was started: on its console, or on the desktop app's staff screen.";
    const wrong = await send('POST', { ...OWNER, setup_code: '0000-0000-0000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: wrongMessage, errors: { setup_code: [wrongMessage] } });
    expect(hashPassword).not.toHaveBeenCalled();
    expect(t.app.store.repos.staff.count()).toBe(0);
  });

  it('the right code, however spaced, sets up once; then it is gone and setup answers 409 without hashing', async () => {
    const code = t.app.ctx.staff.setupCode()!;
    const res = await send('POST', { ...OWNER, setup_code: ` ${code.replaceAll('-', ' ')} ` });
    expect(res.status).toBe(201);
    expect(res.body.data.staff.email).toBe('olive@example.com');
    expect(t.app.ctx.staff.setupCode()).toBeNull();
    expect((await send('GET', undefined)).body).toEqual({
      data: { needs_setup: false, needs_setup_code: false },
    });

    vi.mocked(hashPassword).mockClear();
    const again = await send('POST', { ...OWNER, email: 'mallory@example.com', setup_code: code });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Arrivals is already set up. Please sign in.' });
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('this machine sets up without the code; a forwarded request from loopback is not this machine', async () => {
    const forwarded = await send('POST', OWNER, {
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.status).toBe(422);
    expect(forwarded.body.errors).toEqual({ setup_code: ['The setup code field is required.'] });
    expect((await send('POST', OWNER, { remoteAddress: '127.0.0.1' })).status).toBe(201);
  });

  it('guesses are held back by the per-IP sign-in limit, which the right code then meets too', async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (await send('POST', { ...OWNER, setup_code: `0000-0000-00${String(i).padStart(2, '0')}` })).status,
      ).toBe(422);
    }
    const blocked = await send('POST', { ...OWNER, setup_code: t.app.ctx.staff.setupCode()! });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too Many Attempts.' });
    expect(hashPassword).not.toHaveBeenCalled();
    t.clock.advance(60_000);
    expect((await send('POST', { ...OWNER, setup_code: t.app.ctx.staff.setupCode()! })).status).toBe(201);
  });

  it('a database that is already set up gets no code', async () => {
    expect((await send('POST', OWNER, { remoteAddress: '127.0.0.1' })).status).toBe(201);
    expect(t.app.ctx.staff.issueSetupCode()).toBeNull();
    expect(t.app.ctx.staff.setupCode()).toBeNull();
  });
});
