import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../server/cli.ts';
import { tempDataDir } from '../helpers/app.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = tempDataDir();
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) }, {});
  return { code, out, err };
}

/** `arrivals --help`, to the byte: built from what each command declares (server/cli/usage.ts). */
const USAGE = `Usage: arrivals <command> [options]

Commands:
  serve [--host 0.0.0.0] [--port 8787]      run the API server (headless)
        [--trusted-satellite ADDR]...       a satellite at ADDR (or a range, 192.0.2.0/24) names its clients
  serve --hub HOST[:PORT] [--host 127.0.0.1]
                                            run a satellite: the kiosk here, every API call forwarded to that hub
  org create --name NAME --slug SLUG        create an organization
  token create --org SLUG --name NAME [--expires 7d|30d|90d|1y|never] [--scopes a,b] [--events UUID,UUID]
                                            create an API token and print it (shown once)
  token list --org SLUG                     list tokens: name, created, last used, expires
  token delete --org SLUG --name NAME       delete a token; it stops working at once
  staff create --org SLUG --name NAME --email EMAIL [--role owner|staff] [--password-file FILE]
                                            create a dashboard account; the password is read from stdin
                                            (or the file); the role defaults to owner while the organization
                                            has none, else staff
  demo                                      create a demo organization, event and profiles
  device code [--org SLUG] [--events UUID,UUID]
                                            on a hub: a pairing code for one kiosk (default: the published events)
  device pair --hub HOST[:PORT] --code CODE [--name NAME]
                                            on a kiosk: pair this data dir with a hub and take its first snapshot;
                                            then \`arrivals serve\` runs it as the hub's replica
  upstream connect --url URL --token TOKEN --events UUID,UUID
                                            on a venue's hub: follow those events of an online Arrivals server
                                            (a token with the sync scope) and download them
  upstream status                           on a venue's hub: what it follows, attendees here, changes waiting
  mail set --org SLUG --host HOST --port PORT [--security none|starttls|tls] [--user USER --password-file FILE]
           --from ADDRESS [--from-name NAME] [--reply-to ADDRESS] --public-url URL
                                            set the organization's mail server: tickets are mailed from it, their
                                            links start with URL (the address people's phones reach this server at)
  mail test --org SLUG --to ADDRESS         send a test email now and show the mail server's answer
  https setup [--allowed-host NAME]... [--new-ca]
                                            make the venue certificate authority (once) and this machine's
                                            certificate; prints where devices trust it

Every command takes --data DIR (default: $ARRIVALS_DATA_DIR, else the per-user app-data directory).
serve also takes --https (HTTPS on --https-port, 8443, with the venue certificate), --https-cert FILE
--https-key FILE (the organizer's own certificate instead), --allowed-host NAME (repeatable: a name the dashboard
answers to besides this machine's own names and addresses), --trust-proxy and --rate-limit-public-events N, --rate-limit-profile N, --rate-limit-public N, --rate-limit-kiosk-scan N, --rate-limit-tickets N, --rate-limit-token N, --rate-limit-sign-in N, --rate-limit-sign-in-account N, --rate-limit-sync N (requests per minute).
`;

describe('arrivals --help', () => {
  it('prints every command with its flags and what it does, and exits 0', async () => {
    expect(await cli('--help')).toEqual({ code: 0, out: [USAGE], err: [] });
    expect(await cli('-h')).toEqual({ code: 0, out: [USAGE], err: [] });
  });

  it('after a command, prints the same and runs nothing', async () => {
    const args = ['mail', 'set', '--org', 'city-hall', '--data', dataDir, '--help'];
    expect(await cli(...args)).toEqual({ code: 0, out: [USAGE], err: [] });
    expect(fs.existsSync(path.join(dataDir, 'arrivals.db'))).toBe(false);
  });

  it('with no command, prints it and exits 2', async () => {
    expect(await cli('--data', dataDir)).toEqual({ code: 2, out: [USAGE], err: [] });
  });

  it("lets another command's flag through, as one table of flags always did", async () => {
    expect(
      await cli(
        'org',
        'create',
        '--name',
        'City Hall',
        '--slug',
        'city-hall',
        '--to',
        'x',
        '--data',
        dataDir,
      ),
    ).toEqual({
      code: 0,
      out: ['Created organization City Hall (city-hall).'],
      err: [],
    });
  });
});
