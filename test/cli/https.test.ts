import fs from 'node:fs';
import https from 'node:https';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../server/cli.ts';
import { tlsFiles } from '../../server/https/certificate.service.ts';
import { tempDataDir } from '../helpers/app.ts';
import { freePort, startServer } from '../helpers/server-process.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = tempDataDir();
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function cli(env: Record<string, string>, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    [...args, '--data', dataDir],
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    env,
  );
  return { code, out, err };
}

/** One request over TLS to `port` on loopback, as a device that trusts only `ca` and opened `localhost`. */
function secureGet(
  port: number,
  path: string,
  ca: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        ca,
        servername: 'localhost',
        headers: { host: `localhost:${port}`, ...options.headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('arrivals https setup', () => {
  it('makes the venue CA once, and again only when asked', async () => {
    const first = await cli({}, 'https', 'setup');
    expect(first.code).toBe(0);
    const fingerprint = first.out.find((line) => line.startsWith('SHA-256 fingerprint: '))!;
    expect(fingerprint).toMatch(/^SHA-256 fingerprint: ([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(first.out).toContain(`Venue certificate authority: ${tlsFiles(dataDir).caCert}`);
    expect(first.out.at(-1)).toMatch(/^Serve with: arrivals serve --https\. .*\/trust on it\.$/);
    expect((await cli({}, 'https', 'setup')).out).toContain(fingerprint);
    expect((await cli({}, 'https', 'setup', '--new-ca')).out).not.toContain(fingerprint);
  });
});

describe('arrivals serve --https', () => {
  it('serves the same app over TLS beside plain HTTP, with the venue CA for devices to trust', async () => {
    const httpsPort = await freePort();
    const server = await startServer({
      dataDir,
      readyPath: '/satellite/status',
      env: { ARRIVALS_HTTPS: 'true', ARRIVALS_HTTPS_PORT: String(httpsPort) },
    });
    try {
      await vi.waitFor(() =>
        expect(server.output()).toMatch(/serves HTTPS at https:\/\/localhost:\d+\/ too/),
      );
      const ca = fs.readFileSync(tlsFiles(dataDir).caCert, 'utf8');
      // A device that trusts the venue CA verifies the server: the status, and the dashboard's same-origin write.
      const status = await secureGet(httpsPort, '/satellite/status', ca);
      expect(status.status).toBe(200);
      const origin = `https://localhost:${httpsPort}`;
      const setup = await secureGet(httpsPort, '/dashboard/api/setup', ca, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({
          organization_name: 'City Hall',
          name: 'Olive Owner',
          email: 'olive@example.com',
          password: 'correct horse battery',
        }),
      });
      expect(setup.status, setup.body).toBe(201);
      // The plain port goes on for kiosks and devices that have not trusted the CA yet, and hands it out.
      const download = await fetch(`${server.baseUrl}/venue-ca.crt`);
      expect(download.headers.get('content-type')).toBe('application/x-x509-ca-cert');
      expect(await download.text()).toBe(ca);
      const trust = await (await fetch(`${server.baseUrl}/trust`)).text();
      const fingerprint = (await cli({}, 'https', 'setup')).out.find((l) => l.startsWith('SHA-256'))!;
      expect(trust).toContain(fingerprint.slice('SHA-256 fingerprint: '.length));
      expect(trust).toContain(`https://127.0.0.1:${httpsPort}/dashboard`);
      const servers = (await (await fetch(`${server.baseUrl}/venue/servers`)).json()) as {
        data: { servers: { origins: string[] }[] };
      };
      expect(servers.data.servers[0]!.origins).toEqual([server.baseUrl, `https://127.0.0.1:${httpsPort}`]);
    } finally {
      await server.stop();
    }
  });

  it('refuses a key that is not the certificate’s, and HTTPS on a satellite', async () => {
    await cli({}, 'https', 'setup');
    const other = tempDataDir();
    try {
      const elsewhere = await runCli(
        ['https', 'setup', '--data', other],
        { out: () => {}, err: () => {} },
        {},
      );
      expect(elsewhere).toBe(0);
      const mismatched = await cli(
        { ARRIVALS_HTTPS_CERT: tlsFiles(dataDir).serverCert, ARRIVALS_HTTPS_KEY: tlsFiles(other).serverKey },
        'serve',
        '--port',
        '0',
      );
      expect(mismatched.code).toBe(2);
      expect(mismatched.err.join('\n')).toContain('is not the key of the certificate');
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
    const satellite = await cli({}, 'serve', '--hub', '127.0.0.1:9', '--https');
    expect(satellite.code).toBe(2);
    expect(satellite.err).toEqual([
      'arrivals: --https is for a hub or a kiosk; a satellite (--hub) serves its own machine only.',
    ]);
  });
});
