import { describe, expect, it } from 'vitest';
import { limitedClient } from '../../src/domain/client-address.js';

describe('the client a per-address limit counts', () => {
  it('is an IPv6 address cut to its prefix, however the address is written', () => {
    for (const address of [
      '2001:db8:45:1::1',
      '2001:0DB8:0045:0001:ffff:ffff:ffff:ffff',
      '2001:db8:45:1:0:0:0:3',
    ]) {
      expect(limitedClient(address, 64)).toBe('2001:db8:45:1::/64');
    }
    expect(limitedClient('2001:db8:45:1::1', 48)).toBe('2001:db8:45::/48');
    expect(limitedClient('2001:db8:45:1::1', 128)).toBe('2001:db8:45:1::1/128');
    expect(limitedClient('fe80::1%eth0', 64)).toBe('fe80::/64');
  });

  it('is an IPv4 address itself, also when mapped into IPv6', () => {
    expect(limitedClient('198.51.100.7', 64)).toBe('198.51.100.7');
    expect(limitedClient('::ffff:198.51.100.7', 64)).toBe('198.51.100.7');
    expect(limitedClient('::FFFF:c633:6407', 64)).toBe('198.51.100.7');
  });

  it('is what it was given when that is no address (an untrusted forwarded value)', () => {
    expect(limitedClient('unknown', 64)).toBe('unknown');
  });
});
