import { describe, expect, it } from 'vitest';
import { parseHubAddress } from '../../server/satellite/hub-address.rules.ts';

describe('parseHubAddress', () => {
  it.each([
    ['192.168.1.20', 'http://192.168.1.20:8787'],
    ['192.168.1.20:9000', 'http://192.168.1.20:9000'],
    ['  192.168.1.20:9000  ', 'http://192.168.1.20:9000'],
    ['http://192.168.1.20:9000/', 'http://192.168.1.20:9000'],
    ['HTTP://Hub.Local:8787', 'http://hub.local:8787'],
    ['hub.local', 'http://hub.local:8787'],
    ['http://hub.local', 'http://hub.local:8787'],
    ['hub.local:80', 'http://hub.local:80'],
    ['[fe80::1]:8787', 'http://[fe80::1]:8787'],
    ['[::1]', 'http://[::1]:8787'],
  ])('reads %o as %s', (input, url) => {
    expect(parseHubAddress(input)).toEqual({ ok: true, url });
  });

  it.each([
    ['', 'Enter the hub address, like 192.168.1.20:8787.'],
    ['   ', 'Enter the hub address, like 192.168.1.20:8787.'],
    ['https://hub.local', 'The hub address must start with http://.'],
    ['ftp://hub.local', 'The hub address must start with http://.'],
    ['javascript:alert(1)', '"javascript:alert(1)" is not an address.'],
    ['file:///etc/passwd', 'The hub address must start with http://.'],
    ['user:pass@hub.local', 'The hub address cannot carry a user name.'],
    ['hub.local/api', 'The hub address is a host and port only, like 192.168.1.20:8787.'],
    ['hub.local?x=1', 'The hub address is a host and port only, like 192.168.1.20:8787.'],
    ['hub.local#x', 'The hub address is a host and port only, like 192.168.1.20:8787.'],
    ['hub.local:0', 'The hub port must be between 1 and 65535.'],
    ['hub.local:99999', '"hub.local:99999" is not an address.'],
    ['hub local', '"hub local" is not an address.'],
  ])('refuses %o', (input, reason) => {
    expect(parseHubAddress(input)).toEqual({ ok: false, reason });
  });
});
