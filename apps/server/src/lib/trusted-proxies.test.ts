import { describe, expect, it } from 'vitest';
import { proxyTrust, trustedProxies } from './trusted-proxies.ts';

describe('TRUST_PROXY', () => {
  it('is off by default and for the words that mean no', () => {
    expect(trustedProxies.parse(undefined)).toBe(false);
    for (const v of ['false', '0', 'no', ' FALSE ']) expect(trustedProxies.parse(v)).toBe(false);
  });

  it('means a proxy on this machine for true, never every hop', () => {
    for (const v of ['true', '1', 'yes', 'True'])
      expect(trustedProxies.parse(v)).toEqual(['loopback']);
  });

  it('takes addresses, prefixes and the named ranges', () => {
    expect(trustedProxies.parse('10.0.0.5, 10.0.0.0/8,fd00::/8,::1,uniquelocal')).toEqual([
      '10.0.0.5',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'uniquelocal',
    ]);
  });

  it('refuses anything else instead of guessing', () => {
    for (const v of [
      '*',
      'all',
      'evil.example',
      '10.0.0.0/33',
      '0.0.0.0/0',
      '::/0',
      '::/129',
      '10.0.0.1/8/8',
      '10.0.0.1/',
      '10.0.0.1,,',
    ]) {
      expect(trustedProxies.safeParse(v).success, v).toBe(false);
    }
  });
});

describe('the proxy socket', () => {
  it('is the only peer believed when TRUST_PROXY is off', () => {
    const trust = proxyTrust(false, true);
    if (typeof trust !== 'function') throw new Error('a function when there is a socket');
    expect(trust(undefined, 0)).toBe(true);
    expect(trust('127.0.0.1', 0)).toBe(false);
    expect(trust('127.0.0.1', 1)).toBe(false);
  });

  it('adds to the listed proxies, which still count over TCP', () => {
    const trust = proxyTrust(['10.0.0.0/8'], true);
    if (typeof trust !== 'function') throw new Error('a function when there is a socket');
    expect(trust(undefined, 0)).toBe(true);
    expect(trust('10.1.2.3', 0)).toBe(true);
    expect(trust('203.0.113.9', 1)).toBe(false);
  });

  it('leaves TRUST_PROXY as it is without a socket', () => {
    expect(proxyTrust(false, false)).toBe(false);
    expect(proxyTrust(['loopback'], false)).toEqual(['loopback']);
  });
});
