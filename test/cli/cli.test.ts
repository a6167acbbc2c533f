import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { runCli } from '../../server/cli.ts';
import { defaultDataDir } from '../../server/platform/config.ts';
import { call, tempDataDir } from '../helpers/app.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = tempDataDir();
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    [...args, '--data', dataDir],
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    {},
  );
  return { code, out, err };
}

describe('arrivals CLI', () => {
  it('org create, token create (printed alone, once), token list, token delete', async () => {
    expect(await cli('org', 'create', '--name', 'City Hall', '--slug', 'city-hall')).toMatchObject({
      code: 0,
    });
    const created = await cli('token', 'create', '--org', 'city-hall', '--name', 'crm', '--expires', '30d');
    expect(created.code).toBe(0);
    expect(created.out).toHaveLength(1);
    const token = created.out[0]!;
    expect(token).toMatch(/^arv_[0-9A-Za-z]{38}$/);

    const app = await buildApp({ dataDir });
    const res = await call(app, 'GET', '/api/organization', { token });
    expect(res.body.data.slug).toBe('city-hall');
    await app.close();

    const listed = await cli('token', 'list', '--org', 'city-hall');
    expect(listed.out[0]).toMatch(/^NAME\s+CREATED\s+LAST USED\s+EXPIRES$/);
    expect(listed.out[1]).toMatch(/^crm\s+\S+\+00:00\s+\S+\+00:00\s+\S+\+00:00$/);
    expect(listed.out.join('\n')).not.toContain(token);

    expect((await cli('token', 'delete', '--org', 'city-hall', '--name', 'crm')).code).toBe(0);
    const after = await buildApp({ dataDir });
    expect((await call(after, 'GET', '/api/organization', { token })).status).toBe(401);
    await after.close();
  });

  it('restricts tokens to scopes and events', async () => {
    await cli('demo');
    const eventId = (await cli('demo')).out
      .find((l) => l.trim().startsWith('id:'))!
      .split(':')[1]!
      .trim();
    const created = await cli(
      'token',
      'create',
      '--org',
      'demo',
      '--name',
      'r',
      '--scopes',
      'events:read',
      '--events',
      eventId,
    );
    const app = await buildApp({ dataDir });
    const list = await call(app, 'GET', '/api/events', { token: created.out[0] });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([eventId]);
    const users = await call(app, 'POST', '/api/users', { token: created.out[0], body: { email: 'x@y.co' } });
    expect(users.status).toBe(403);
    await app.close();
  });

  it('demo makes a published event with a select field and profiles, and reports them again on a second run', async () => {
    const first = await cli('demo');
    expect(first.code).toBe(0);
    const codes = first.out.join('\n').match(/\/p\/([0-9A-Za-z]{10,})/g)!;
    expect(codes).toHaveLength(3);
    const app = await buildApp({ dataDir });
    const eventId = first.out
      .find((l) => l.trim().startsWith('id:'))!
      .split(':')[1]!
      .trim();
    const event = await call(app, 'GET', `/public/events/${eventId}`);
    expect(event.status).toBe(200);
    expect(event.body.data.registration_fields.map((f: { key: string }) => f.key)).toEqual([
      'email',
      'first_name',
      'last_name',
      'company',
      'ticket_type',
    ]);
    const profile = await call(app, 'GET', `/public/profile/${codes[0]!.slice(3)}`);
    expect(profile.status).toBe(200);
    await app.close();

    const second = await cli('demo');
    expect(second.code).toBe(0);
    expect(second.out[0]).toContain('already exists');
    expect(second.out.join('\n').match(/\/p\/([0-9A-Za-z]{10,})/g)).toEqual(codes);
  });

  it.each([
    [['org', 'create', '--name', 'X'], '--slug is required.'],
    [['org', 'create', '--name', 'X', '--slug', 'Bad Slug'], '--slug may use only'],
    [['token', 'create', '--org', 'nope', '--name', 'x'], 'No organization with slug "nope".'],
    [
      ['token', 'create', '--org', 'demo', '--name', 'x', '--expires', '2d'],
      '--expires must be one of 7d, 30d, 90d, 1y, never.',
    ],
    [['token', 'create', '--org', 'demo', '--name', 'x', '--scopes', 'admin'], 'Unknown scope "admin".'],
    [['token', 'delete', '--org', 'demo', '--name', 'missing'], 'No token named "missing" in demo.'],
    [['fly'], 'Unknown command "fly".'],
    [['serve', '--port', 'eighty'], '--port must be between 0 and 65535'],
    [['serve', '--rate-limit-token', '0'], '--rate-limit-token must be a whole number of at least 1'],
    [
      ['serve', '--trusted-satellite', '192.168.1.21', '--trusted-satellite', 'hub.local'],
      '--trusted-satellite must be an IP address or range, like 192.168.1.21 or 192.168.1.0/24 (got "hub.local").',
    ],
    [
      ['serve', '--hub', '127.0.0.1:9', '--trusted-satellite', '192.168.1.21'],
      '--trusted-satellite is for a hub',
    ],
    [['org', 'create', '--colour', 'red'], "Unknown option '--colour'"],
  ])('%j fails with one clear line and a non-zero exit', async (args, message) => {
    await cli('demo');
    const result = await cli(...args);
    expect(result.code).not.toBe(0);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toContain(message);
  });

  it('a duplicate token name is refused', async () => {
    await cli('demo');
    await cli('token', 'create', '--org', 'demo', '--name', 'dup');
    const again = await cli('token', 'create', '--org', 'demo', '--name', 'dup');
    expect(again.code).toBe(2);
    expect(again.err).toEqual(['arrivals: A token named "dup" already exists in demo.']);
  });

  it('the default data dir follows each OS convention', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/x/Arrivals');
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toMatch(
      /Roaming.Arrivals$/,
    );
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library\/Application Support\/Arrivals$/);
  });

  it('bin/arrivals.mjs runs the CLI and honours ARRIVALS_DATA_DIR', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      ['bin/arrivals.mjs', 'org', 'create', '--name', 'Env', '--slug', 'env'],
      {
        env: { ...process.env, ARRIVALS_DATA_DIR: dataDir },
      },
    );
    expect(stdout.trim()).toBe('Created organization Env (env).');
    expect(fs.existsSync(`${dataDir}/arrivals.db`)).toBe(true);
  });
});
