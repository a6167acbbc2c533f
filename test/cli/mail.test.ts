import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../server/cli.ts';
import { createStore } from '../../server/store.ts';
import { openDatabase } from '../../server/platform/database.ts';
import { systemClock } from '../../server/platform/clock.ts';
import { tempDataDir } from '../helpers/app.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

let dataDir: string;
let smtp: TestSmtp;
beforeEach(async () => {
  dataDir = tempDataDir();
  smtp = await startTestSmtp();
});
afterEach(async () => {
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    [...args, '--data', dataDir],
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    {},
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const stored = () => {
  const db = openDatabase(dataDir);
  try {
    return createStore(db, systemClock).repos.mailSettings.settingsOf(1);
  } finally {
    db.close();
  }
};

const base = () => [
  '--org',
  'city-hall',
  '--host',
  '127.0.0.1',
  '--port',
  String(smtp.port),
  '--security',
  'none',
  '--from',
  'tickets@cityhall.example',
  '--public-url',
  'https://tickets.cityhall.example',
];

/** A password needs STARTTLS or TLS (issue 36): the settings of a server one signs in to. */
const signingIn = () => base().map((arg) => (arg === 'none' ? 'starttls' : arg));

describe('arrivals mail', () => {
  beforeEach(async () => {
    expect((await cli('org', 'create', '--name', 'City Hall', '--slug', 'city-hall')).code).toBe(0);
  });

  it('set stores the settings with the password from its file, which it never prints', async () => {
    const file = path.join(dataDir, 'smtp-password');
    fs.writeFileSync(file, 'the smtp password\n');
    const set = await cli(
      'mail',
      'set',
      ...signingIn(),
      '--user',
      'tickets',
      '--password-file',
      file,
      '--from-name',
      'City Hall Events',
    );
    expect(set).toMatchObject({ code: 0, err: '' });
    expect(set.out).toBe(
      `Mail for city-hall: 127.0.0.1:${smtp.port} (starttls) as tickets, from tickets@cityhall.example; ticket links start with https://tickets.cityhall.example.`,
    );
    expect(set.out).not.toContain('the smtp password');
    expect(stored()).toMatchObject({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'starttls',
      username: 'tickets',
      password: 'the smtp password',
      fromName: 'City Hall Events',
      publicUrl: 'https://tickets.cityhall.example',
    });
  });

  it('set keeps the stored password only for the host, port, security and user it was given for', async () => {
    const file = path.join(dataDir, 'smtp-password');
    fs.writeFileSync(file, 'the smtp password\n');
    await cli('mail', 'set', ...signingIn(), '--user', 'tickets', '--password-file', file);
    const renamed = await cli(
      'mail',
      'set',
      ...signingIn(),
      '--user',
      'tickets',
      '--from-name',
      'Box office',
    );
    expect(renamed).toMatchObject({ code: 0, err: '' });
    expect(stored()).toMatchObject({ fromName: 'Box office', password: 'the smtp password' });

    const moved = signingIn().map((arg) => (arg === '127.0.0.1' ? 'smtp.elsewhere.example' : arg));
    expect(await cli('mail', 'set', ...moved, '--user', 'tickets')).toEqual({
      code: 2,
      out: '',
      err:
        `arrivals: --password-file is required: the stored password is for 127.0.0.1:${smtp.port} (starttls) ` +
        'as tickets, and it does not follow a new host, port, security or user.',
    });
    expect(stored()).toMatchObject({ host: '127.0.0.1', password: 'the smtp password' });

    expect(await cli('mail', 'set', ...base(), '--user', 'tickets', '--password-file', file)).toMatchObject({
      code: 2,
      err: 'arrivals: --security: A password needs STARTTLS or TLS, so that it never crosses the network in clear.',
    });
  });

  it('set refuses what cannot work, naming the flag', async () => {
    expect(await cli('mail', 'set', ...signingIn(), '--user', 'tickets')).toMatchObject({
      code: 2,
      err: 'arrivals: --password-file is required with --user: the file holding its password.',
    });
    const badPort = base().map((arg) => (arg === String(smtp.port) ? '99999' : arg));
    expect(await cli('mail', 'set', ...badPort)).toMatchObject({
      code: 2,
      err: 'arrivals: --port: The port field must not be greater than 65535.',
    });
    const badUrl = base().map((arg) =>
      arg === 'https://tickets.cityhall.example' ? 'tickets.example' : arg,
    );
    expect(await cli('mail', 'set', ...badUrl)).toMatchObject({
      code: 2,
      err: 'arrivals: --public-url: The public url field must be an http or https URL.',
    });
    const badSecurity = base().map((arg) => (arg === 'none' ? 'ssl' : arg));
    expect((await cli('mail', 'set', ...badSecurity)).err).toMatch(/^arrivals: --security: /);
    expect(stored()).toBeNull();
  });

  it("test sends now and prints the server's answer, or its refusal with exit code 1", async () => {
    expect(await cli('mail', 'test', '--org', 'city-hall', '--to', 'olive@example.com')).toMatchObject({
      code: 2,
      err: 'arrivals: Mail is not set up for city-hall: run arrivals mail set first.',
    });
    await cli('mail', 'set', ...base());
    const sent = await cli('mail', 'test', '--org', 'city-hall', '--to', 'olive@example.com');
    expect(sent.code).toBe(0);
    expect(sent.out).toMatch(
      /^Sent to olive@example\.com\. The mail server answered: 250 2\.0\.0 Ok: queued/,
    );
    expect(smtp.received[0]!.to).toEqual(['olive@example.com']);

    smtp.onRecipient(/^olive@/, { kind: 'refuse', code: 550, message: '5.1.1 No such user here' });
    const refused = await cli('mail', 'test', '--org', 'city-hall', '--to', 'olive@example.com');
    expect(refused).toMatchObject({
      code: 1,
      err: 'arrivals: the mail server did not take the test email: 550 5.1.1 No such user here',
    });
  });

  it('test names the likely fix of a failure (issue 39): STARTTLS to a server without it', async () => {
    await cli('mail', 'set', ...base().map((arg) => (arg === 'none' ? 'starttls' : arg)));
    const refused = await cli('mail', 'test', '--org', 'city-hall', '--to', 'olive@example.com');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('the mail server did not take the test email: 500 ');
    expect(refused.err).toContain(
      'This server does not offer STARTTLS: try port 465 with security tls, or security none for a relay on your network.',
    );
  });
});
