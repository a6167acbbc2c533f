import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { redactUrl } from '../../server/platform/logging.ts';
import {
  call,
  createEvent,
  createOrganization,
  createToken,
  registration,
  startTestApp,
  tempDataDir,
  type TestApp,
} from '../helpers/app.ts';
import { dashboardClient } from '../helpers/dashboard.ts';

/** A logger stream that keeps every line the app writes, parsed. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, text: () => JSON.stringify(lines), logger: { level: 'info', stream } };
}

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('request logs', () => {
  it('never carry the email or search a request was made with; other query values stay readable', async () => {
    const log = capturedLog();
    t = await startTestApp({ logger: log.logger, kioskDir: false });
    const organization = createOrganization(t.app);
    const event = createEvent(t.app, organization);
    const token = createToken(t.app, organization);
    await call(t.app, 'POST', `/public/events/${event.uuid}/register`, {
      body: registration('ada.lovelace@example.com'),
    });

    const check = await call(
      t.app,
      'GET',
      `/public/events/${event.uuid}/check?email=ada.lovelace%40example.com`,
    );
    expect(check.body.data.is_registered).toBe(true);
    await call(
      t.app,
      'GET',
      `/api/events/${event.uuid}/attendees?email=ada.lovelace@example.com&q=Lovelace&status=confirmed&page=1`,
      { token },
    );
    await dashboardClient(() => t!.app).send('GET', `/events/${event.uuid}/attendees?search=Lovelace`);

    const urls = log.lines.filter((line) => line.msg === 'incoming request').map((line) => line.req);
    expect(urls).toContainEqual(
      expect.objectContaining({ url: `/public/events/${event.uuid}/check?email=[redacted]` }),
    );
    expect(urls).toContainEqual(
      expect.objectContaining({
        url: `/api/events/${event.uuid}/attendees?email=[redacted]&q=[redacted]&status=confirmed&page=1`,
      }),
    );
    expect(urls).toContainEqual(
      expect.objectContaining({ url: `/dashboard/api/events/${event.uuid}/attendees?search=[redacted]` }),
    );
    expect(log.text()).not.toMatch(/lovelace/i);
  });

  it('are redacted on a satellite too', async () => {
    const log = capturedLog();
    const dataDir = tempDataDir();
    const app = await buildApp({
      dataDir,
      kioskDir: false,
      logger: log.logger,
      // Nothing listens there: the satellite answers 503, after logging the request.
      satellite: { hubUrl: 'http://127.0.0.1:9', connectTimeoutMs: 200 },
    });
    try {
      await call(app, 'GET', '/public/events/x/check?email=grace%40example.com');
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(log.lines.find((line) => line.msg === 'incoming request')?.req).toMatchObject({
      url: '/public/events/x/check?email=[redacted]',
    });
    expect(log.text()).not.toContain('grace');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/public/events/e/check', '/public/events/e/check'],
    ['/public/events/e/check?email=a%40b.co', '/public/events/e/check?email=[redacted]'],
    ['/public/anything?x=1&y', '/public/anything?x=[redacted]&y'],
    ['/dashboard/api/people?search=Ada&page=2', '/dashboard/api/people?search=[redacted]&page=[redacted]'],
    ['/dashboard/api?x=1', '/dashboard/api?x=[redacted]'],
    ['/api/attendees?EMAIL=a@b.co&status=pending', '/api/attendees?EMAIL=[redacted]&status=pending'],
    ['/api/attendees?%65mail=a@b.co&q[]=x', '/api/attendees?%65mail=[redacted]&q[]=[redacted]'],
    ['/api/events?page=3&per_page=10', '/api/events?page=3&per_page=10'],
    ['/PUBLIC/events?x=1', '/PUBLIC/events?x=[redacted]'],
    ['/dashboard/events?x=1', '/dashboard/events?x=1'],
    ['/%70ublic//events/e?x=1', '/%70ublic//events/e?x=[redacted]'],
    ['/public/%74ickets/s3cret/event.ics?x=1', '/public/tickets/[redacted]/event.ics?x=[redacted]'],
    ['/t/../p//c0de', '/p/[redacted]'],
    ['/%2574/s3cret', '/t/[redacted]'],
    ['/public/%2574ickets/s3cret?x=1', '/public/tickets/[redacted]?x=[redacted]'],
    ['/%2570%252Fc0de', '/p/[redacted]'],
    ['/%252574/s3cret/%2e%2e/s3cret', '/t/[redacted]'],
    // Still encoded after as many rounds as a chain of proxies decodes: nobody's honest spelling, none of it kept.
    ['/%25252574/s3cret?x=1', '/[redacted]?x=[redacted]'],
    ['/api/events/100%2525', '/api/events/100%2525'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
