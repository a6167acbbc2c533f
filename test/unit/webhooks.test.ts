import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  generateNotificationKey,
  generateWebhookSecret,
  webhookMessageId,
} from '../../server/webhooks/webhook.secrets.ts';
import {
  judgeAttempt,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  nextAttemptAt,
  parseRetryAfter,
  responseExcerpt,
  retryDelayMs,
  signatureHeader,
  signingSecrets,
  signWebhook,
  webhookUrlProblem,
} from '../../server/webhooks/webhook.rules.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const middle = () => 0.5;

describe('secrets and message ids', () => {
  it('secrets read whsec_ + base64 of 32 random bytes, never twice the same', () => {
    const secrets = Array.from({ length: 50 }, generateWebhookSecret);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(50);
  });

  it('message ids read msg_ + 132 bits derived from the change: the same for the same notification, else different', () => {
    const key = generateNotificationKey();
    const ids = Array.from({ length: 1000 }, (_, index) => webhookMessageId(key, index));
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(1000);
    expect(webhookMessageId(key, 7)).toBe(ids[7]);
    expect(webhookMessageId(generateNotificationKey(), 7)).not.toBe(ids[7]);
    expect(generateNotificationKey()).not.toBe(key);
  });
});

describe('signWebhook', () => {
  const secret = generateWebhookSecret();
  const id = 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';
  const body = '{"id":"msg_2KWPBgLlAfxdpx2AI54pPJ85f4W","type":"attendee.checked_in","data":{"name":"Zoë"}}';

  it('is the Standard Webhooks signature: the reference library computes the same and verifies it', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(signWebhook(secret, id, now, body)).toBe(new Webhook(secret).sign(id, new Date(now * 1000), body));
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(now),
      'webhook-signature': signWebhook(secret, id, now, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    for (const tampered of [
      { ...headers, 'webhook-id': 'msg_other' },
      { ...headers, 'webhook-timestamp': String(now + 1) },
    ]) {
      expect(() => new Webhook(secret).verify(body, tampered)).toThrow(/signature/i);
    }
    expect(() => new Webhook(secret).verify(body.replace('Zoë', 'Zoe'), headers)).toThrow(/signature/i);
  });

  it('matches the specification example', () => {
    // From the Standard Webhooks specification's test vectors.
    const spec = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const signature = signWebhook(spec, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs with every valid secret, space-separated; either verifies', () => {
    const next = generateWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader([next, secret], id, now, body);
    expect(header.split(' ')).toHaveLength(2);
    for (const key of [next, secret]) {
      expect(
        new Webhook(key).verify(body, {
          'webhook-id': id,
          'webhook-timestamp': String(now),
          'webhook-signature': header,
        }),
      ).toBeTruthy();
    }
  });

  it('the previous secret signs until its grace period ends', () => {
    const endpoint = { secret: 'whsec_new', previousSecret: 'whsec_old', previousSecretExpiresAt: 1000 };
    expect(signingSecrets(endpoint, 999)).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(endpoint, 1000)).toEqual(['whsec_new']);
    expect(
      signingSecrets({ secret: 'whsec_new', previousSecret: null, previousSecretExpiresAt: null }, 0),
    ).toEqual(['whsec_new']);
  });
});

describe('retry schedule', () => {
  it('waits nothing, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h; after 8 attempts it gives up', () => {
    const waits = Array.from({ length: MAX_ATTEMPTS + 1 }, (_, made) => retryDelayMs(made, middle));
    expect(waits).toEqual([
      0,
      5 * SECOND,
      5 * MINUTE,
      30 * MINUTE,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      24 * HOUR,
      null,
    ]);
  });

  it('jitter stretches or shrinks each wait by at most 10%, from the random source', () => {
    expect(retryDelayMs(2, () => 0)).toBe(4.5 * MINUTE);
    expect(retryDelayMs(2, () => 0.999999)).toBeCloseTo(5.5 * MINUTE, -2);
    expect(retryDelayMs(7, () => 0)).toBe(21.6 * HOUR);
    expect(retryDelayMs(0, () => 0)).toBe(0);
  });

  it('Retry-After wins when later than the schedule, up to a day; the schedule wins otherwise', () => {
    const now = 1_000_000;
    expect(nextAttemptAt(now, 1, null, middle)).toBe(now + 5 * SECOND);
    expect(nextAttemptAt(now, 1, 120 * SECOND, middle)).toBe(now + 120 * SECOND);
    expect(nextAttemptAt(now, 3, 1 * SECOND, middle)).toBe(now + 30 * MINUTE);
    expect(nextAttemptAt(now, 1, 30 * 24 * HOUR, middle)).toBe(now + MAX_RETRY_AFTER_MS);
    expect(nextAttemptAt(now, MAX_ATTEMPTS, 60 * SECOND, middle)).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it.each([
    ['120', 120 * SECOND],
    [' 5 ', 5 * SECOND],
    ['0', 0],
    ['Sat, 21 Nov 2026 11:00:00 GMT', HOUR],
    ['Sat, 21 Nov 2026 09:00:00 GMT', 0],
    ['soon', null],
    ['-1', null],
    ['1.5', null],
    ['2026-11-21T11:00:00Z', null],
    ['', null],
    [null, null],
  ])('%j is %j ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('judgeAttempt', () => {
  it.each([
    [200, 'delivered', undefined],
    [204, 'delivered', undefined],
    [299, 'delivered', undefined],
    [410, 'gone', undefined],
    [301, 'retry', false],
    [302, 'retry', false],
    [307, 'retry', false],
    [400, 'retry', false],
    [429, 'retry', false],
    [500, 'retry', false],
    [502, 'retry', true],
    [503, 'retry', true],
    [504, 'retry', true],
    [null, 'retry', true],
  ])('%s is %s (unreachable: %s)', (status, outcome, unreachable) => {
    const verdict = judgeAttempt(status);
    expect(verdict.outcome).toBe(outcome);
    expect(verdict.outcome === 'retry' ? verdict.unreachable : undefined).toBe(unreachable);
  });
});

describe('responseExcerpt', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('keeps a short body whole and cuts a long one at 1 KiB', () => {
    expect(responseExcerpt(bytes('ok'))).toBe('ok');
    expect(responseExcerpt(bytes('x'.repeat(5000)))).toBe('x'.repeat(1024));
    expect(responseExcerpt(bytes(''))).toBe('');
  });

  it('never cuts a character in half', () => {
    // '€' is 3 bytes: 341 of them fill 1023 bytes, the 342nd would end at 1026.
    expect(responseExcerpt(bytes('€'.repeat(400)))).toBe('€'.repeat(341));
    expect(responseExcerpt(bytes('a' + '😀'.repeat(300)))).toBe('a' + '😀'.repeat(255));
  });
});

describe('webhookUrlProblem', () => {
  it.each([
    ['https://crm.example.com/hooks/arrivals?x=1', null],
    ['http://10.0.0.5:8080/in', null],
    ['http://127.0.0.1:3000/', null],
    ['HTTPS://EXAMPLE.COM/', null],
    ['ftp://example.com/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['mailto:ops@example.com', 'scheme'],
    ['data:text/plain,hi', 'scheme'],
    ['not a url', 'invalid'],
    ['//example.com/relative', 'invalid'],
    ['', 'invalid'],
    ['https://user:secret@example.com/', 'credentials'],
    ['https://token@example.com/', 'credentials'],
  ])('%s -> %s', (url, problem) => {
    expect(webhookUrlProblem(url)).toBe(problem);
  });
});
