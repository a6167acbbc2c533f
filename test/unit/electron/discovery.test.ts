import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HUB_TXT, hubFromService } from '../../../electron/main/discovery.ts';

const hub = (fields: Record<string, unknown> = {}) =>
  ({
    name: 'Arrivals on desk-1',
    port: 8787,
    addresses: ['192.168.1.20'],
    txt: { ...HUB_TXT },
    ...fields,
  }) as never;

describe('hubFromService', () => {
  it('offers an Arrivals hub at its IPv4 address and port', () => {
    expect(hubFromService(hub())).toEqual({ name: 'Arrivals on desk-1', url: 'http://192.168.1.20:8787' });
  });

  it('prefers an IPv4 address and falls back to where the answer came from', () => {
    expect(hubFromService(hub({ addresses: ['fe80::1', '10.0.0.5'] }))?.url).toBe('http://10.0.0.5:8787');
    expect(hubFromService(hub({ addresses: [], referer: { address: '10.0.0.9' } }))?.url).toBe(
      'http://10.0.0.9:8787',
    );
  });

  it.each([
    ['another app on the same service type', { txt: { app: 'printer' } }],
    ['an Arrivals kiosk that is not a hub', { txt: { app: 'arrivals', role: 'satellite' } }],
    ['no TXT record', { txt: undefined }],
    ['no address at all', { addresses: [], referer: undefined }],
    ['a port out of range', { port: 0 }],
  ])('ignores %s', (_why, fields) => {
    expect(hubFromService(hub(fields))).toBeNull();
  });
});

/**
 * Multicast DNS between two processes, inside a network namespace that has only loopback: the packets cannot reach
 * any network. Needs root (or user namespaces), `unshare` and `ip`; the sandbox and CI have them.
 */
function canIsolateNetwork(): boolean {
  const probe = spawnSync('unshare', ['-n', 'ip', 'link', 'set', 'lo', 'up'], { timeout: 5_000 });
  return probe.status === 0;
}

describe('discovery between two processes', () => {
  it('a satellite hears the hub that another process announces', () => {
    // Not skipped where namespaces are missing: a discovery test that silently does not run proves nothing.
    expect(canIsolateNetwork(), 'this test needs `unshare -n` and `ip` (root or user namespaces)').toBe(true);
    const probe = fileURLToPath(new URL('./discovery-probe.ts', import.meta.url));
    const script = [
      'ip link set lo up',
      'ip link set lo multicast on',
      'ip route add 224.0.0.0/4 dev lo',
      `exec "${process.execPath}" --import tsx "${probe}" browse`,
    ].join(' && ');
    const result = spawnSync('unshare', ['-n', 'sh', '-c', script], { encoding: 'utf8', timeout: 25_000 });
    expect(result.status, result.stderr).toBe(0);
    const hubs = JSON.parse(result.stdout.trim().split('\n').pop()!) as { name: string; url: string }[];
    expect(hubs).toEqual([{ name: 'Arrivals hub 9123', url: 'http://127.0.0.1:9123' }]);
  }, 30_000);
});
