import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { runCli } from '../../server/cli.ts';
import { defaultDataDir } from '../../server/platform/config.ts';
import { call, tempDataDir } from '../helpers/app.ts';
import { startServer } from '../helpers/server-process.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = tempDataDir();
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the CLI in this process; `stdin` is what is piped to it (null: a terminal). */
async function cliWithStdin(stdin: string | null, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    [...args, '--data', dataDir],
    { out: (l) => out.push(l), err: (l) => err.push(l), readStdin: async () => stdin },
    {},
  );
  return { code, out, err };
}

const cli = (...args: string[]) => cliWithStdin('', ...args);

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
    [
      ['serve', '--allowed-host', 'ok.example', '--allowed-host', 'a/b'],
      '--allowed-host: "a/b" is not a host name.',
    ],
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

  it('staff create makes a dashboard account through the staff service, its password piped or in a file', async () => {
    await cli('demo');
    const first = await cliWithStdin(
      'correct horse battery\n',
      'staff',
      'create',
      '--org',
      'demo',
      '--name',
      'Olive Owner',
      '--email',
      'olive@example.com',
    );
    expect(first).toEqual({
      code: 0,
      out: ['Created owner Olive Owner <olive@example.com> in Demo Venue (demo).'],
      err: [],
    });

    const passwordFile = `${dataDir}/password.txt`;
    fs.writeFileSync(passwordFile, 'another long password\r\n');
    const second = await cli(
      'staff',
      'create',
      '--org',
      'demo',
      '--name',
      'Sam Staff',
      '--email',
      'sam@example.com',
      '--password-file',
      passwordFile,
    );
    expect(second.out).toEqual(['Created staff Sam Staff <sam@example.com> in Demo Venue (demo).']);

    const app = await buildApp({ dataDir });
    const headers = { origin: 'http://localhost:80', host: 'localhost:80' };
    expect((await call(app, 'GET', '/dashboard/api/setup', { headers })).body.data.needs_setup).toBe(false);
    for (const [email, password, role] of [
      ['olive@example.com', 'correct horse battery', 'owner'],
      ['sam@example.com', 'another long password', 'staff'],
    ]) {
      const signIn = await call(app, 'POST', '/dashboard/api/session', {
        headers,
        body: { email, password },
      });
      expect(signIn.status, email).toBe(200);
      expect(signIn.body.data.staff.role).toBe(role);
      expect(signIn.body.data.organization.slug).toBe('demo');
    }
    await app.close();
  });

  it.each([
    [null, [], 'Pipe the password on stdin, or pass --password-file FILE.'],
    ['short\n', [], 'The password must be at least 12 characters.'],
    ['correct horse battery', ['--role', 'admin'], '--role must be one of owner, staff.'],
    ['correct horse battery', ['--password-file', '/nonexistent/password'], '--password-file: ENOENT'],
    [
      'correct horse battery',
      ['--email', 'not-an-email'],
      '--email "not-an-email" is not a valid email address.',
    ],
    ['correct horse battery', ['--org', 'nope'], 'No organization with slug "nope".'],
    [
      'correct horse battery',
      ['--email', 'TAKEN@example.com'],
      'A staff account with email TAKEN@example.com already exists.',
    ],
  ])('staff create with stdin %j and %j fails with one clear line', async (stdin, extra, message) => {
    await cli('demo');
    const base = ['staff', 'create', '--org', 'demo', '--name', 'X', '--email', 'taken@example.com'];
    expect((await cliWithStdin('correct horse battery', ...base)).code).toBe(0);
    const result = await cliWithStdin(
      stdin,
      'staff',
      'create',
      '--org',
      'demo',
      '--name',
      'Y',
      '--email',
      'y@example.com',
      ...extra,
    );
    expect(result.code).toBe(2);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toContain(message);
  });

  it('serve prints the one-time setup code on one line, that code sets up from another device, and ARRIVALS_ALLOWED_HOSTS is heard', async () => {
    const server = await startServer({
      dataDir,
      readyPath: '/satellite/status',
      env: { ARRIVALS_ALLOWED_HOSTS: 'checkin.venue.example, desk.venue.example' },
    });
    try {
      const line = await vi.waitFor(() => {
        const found = server.output().match(/^Setup code: (\d{4}-\d{4}-\d{4}) .*$/m);
        expect(found).not.toBeNull();
        return found!;
      });
      const setUp = (setupCode: string) =>
        fetch(`${server.baseUrl}/dashboard/api/setup`, {
          method: 'POST',
          // Through a proxy, so not this machine as far as setup is concerned.
          headers: {
            'content-type': 'application/json',
            origin: server.baseUrl,
            'x-forwarded-for': '192.0.2.7',
          },
          body: JSON.stringify({
            organization_name: 'City Hall',
            name: 'Olive Owner',
            email: 'olive@example.com',
            password: 'correct horse battery',
            setup_code: setupCode,
          }),
        });
      expect((await setUp('0000-0000-0000')).status).toBe(422);
      expect((await setUp(line[1]!)).status).toBe(201);

      // fetch may not set Host, so a plain request does.
      const statusWithHost = (host: string) =>
        new Promise<number>((resolve, reject) => {
          http
            .get(`${server.baseUrl}/dashboard/api/setup`, { headers: { host } }, (res) => {
              res.resume();
              resolve(res.statusCode!);
            })
            .on('error', reject);
        });
      expect(await statusWithHost('desk.venue.example:8787')).toBe(200);
      expect(await statusWithHost('attacker.example:8787')).toBe(421);
    } finally {
      await server.stop();
    }
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
