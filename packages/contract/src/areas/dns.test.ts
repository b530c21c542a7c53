import { describe, expect, it } from 'vitest';
import {
  canonicalIpv6,
  caaProblem,
  hostProblem,
  isIpv4,
  isIpv6,
  recordInput,
  targetProblem,
  txtProblem,
  urlProblem,
  serviceProblem,
} from './dns.ts';

function fieldsOf(input: unknown): Record<string, string> {
  const r = recordInput.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.') || '_', i.message]));
}

describe('dns values', () => {
  it('checks IPv4', () => {
    for (const ok of ['0.0.0.0', '192.0.2.10', '255.255.255.255'])
      expect(isIpv4(ok), ok).toBe(true);
    for (const bad of ['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4 ', '1.2.3.4\n', 'a.b.c.d', ''])
      expect(isIpv4(bad), bad).toBe(false);
  });

  it('checks and canonicalises IPv6', () => {
    for (const ok of [
      '::1',
      '2001:db8::1',
      'fe80::',
      '::',
      '::ffff:192.0.2.1',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
    ])
      expect(isIpv6(ok), ok).toBe(true);
    for (const bad of [
      '1::2::3',
      '12345::',
      '2001:db8:::1',
      '1.2.3.4::',
      '1:2:3:4:5:6:7:8:9',
      'g::1',
      ':',
      '2001:db8::1;',
    ])
      expect(isIpv6(bad), bad).toBe(false);
    expect(canonicalIpv6('2001:0DB8:0000:0000:0000:ff00:0042:8329')).toBe('2001:db8::ff00:42:8329');
    expect(canonicalIpv6('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(canonicalIpv6('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(canonicalIpv6('::ffff:192.0.2.1')).toBe('::ffff:c000:201');
  });

  it('checks hosts: labels of 63 bytes, names of 253, wildcard only leftmost', () => {
    for (const ok of [
      '',
      'www',
      '_dmarc',
      'selector1._domainkey',
      '*',
      '*.shop',
      'a-b',
      `${'a'.repeat(63)}`,
      'www.example.test.',
    ])
      expect(hostProblem(ok), ok).toBeNull();
    expect(hostProblem('a'.repeat(64))).toBe('label_too_long');
    expect(hostProblem(Array(64).fill('abc').join('.'))).toBe('name_too_long');
    for (const bad of [
      'www;',
      'a b',
      'w"w',
      'www\nevil',
      'sh*p',
      'a.*',
      '-a',
      'a-',
      'a..b',
      'ü',
      '.',
    ])
      expect(hostProblem(bad), bad).toBe('invalid_host');
  });

  it('refuses IP addresses and junk as targets', () => {
    expect(targetProblem('mail.example.com')).toBeNull();
    expect(targetProblem('mail.example.com.')).toBeNull();
    expect(targetProblem('@')).toBeNull();
    for (const ip of ['192.0.2.1', '192.0.2.1.', '2001:db8::1', '10.1'])
      expect(targetProblem(ip), ip).toBe('target_is_ip');
    for (const bad of ['', 'a b.com', 'x;.com', '*.example.com', 'mail.example.com\nx'])
      expect(targetProblem(bad), bad).toBe('invalid_target');
  });

  it('accepts long TXT values with semicolons and refuses newlines, quotes and backslashes', () => {
    expect(txtProblem('v=DMARC1; p=none; rua=mailto:dmarc@example.test')).toBeNull();
    expect(txtProblem('x'.repeat(4000))).toBeNull();
    expect(txtProblem('x'.repeat(4001))).toBe('text_too_long');
    for (const bad of ['a\nb', 'a"b', 'a\\b', '', 'a\u0000'])
      expect(txtProblem(bad), JSON.stringify(bad)).toBe('invalid_text');
  });

  it('checks CAA, URLs and SRV services', () => {
    expect(caaProblem('issue', 'letsencrypt.org')).toBeNull();
    expect(caaProblem('issue', ';')).toBeNull();
    expect(caaProblem('issuewild', 'sectigo.com; validationmethods=dns-01')).toBeNull();
    expect(caaProblem('iodef', 'mailto:security@example.test')).toBeNull();
    expect(caaProblem('iodef', 'letsencrypt.org')).toBe('invalid_caa');
    expect(caaProblem('issue', 'lets"encrypt.org')).toBe('invalid_caa');
    expect(urlProblem('https://example.org/path?q=1')).toBeNull();
    for (const bad of [
      'ftp://x.test',
      'https://x.test/a b',
      'https://x.test/";',
      'javascript:alert(1)',
      'https://u:p@x.test/',
    ])
      expect(urlProblem(bad), bad).toBe('invalid_url');
    expect(serviceProblem('xmpp-client')).toBeNull();
    for (const bad of ['', 'a_b', 'sixteen-chars-xx', '-sip', '123'])
      expect(serviceProblem(bad), bad).toBe('invalid_service');
  });
});

describe('record input', () => {
  it('parses each kind with its defaults', () => {
    expect(recordInput.parse({ record: 'A', host: '@', value: '192.0.2.1' })).toEqual({
      record: 'A',
      host: '',
      ttl: 899,
      value: '192.0.2.1',
    });
    expect(recordInput.parse({ record: 'C', host: 'WWW', value: 'Example.Org' })).toMatchObject({
      record: 'C',
      host: 'www',
      value: 'example.org',
    });
    expect(
      recordInput.parse({ record: 'SRV', service: '_sip', port: 5060, target: 'sip.example.test' }),
    ).toEqual({
      record: 'SRV',
      host: '',
      ttl: 899,
      service: 'sip',
      protocol: 'tcp',
      priority: 10,
      weight: 0,
      port: 5060,
      target: 'sip.example.test',
    });
    expect(recordInput.parse({ record: 'TXT', value: '"v=spf1 -all"' })).toMatchObject({
      value: 'v=spf1 -all',
    });
    expect(recordInput.parse({ record: 'CAA', value: 'letsencrypt.org' })).toMatchObject({
      flags: 0,
      tag: 'issue',
    });
  });

  it('gives a clear field code for each bad value', () => {
    expect(fieldsOf({ record: 'A', value: '1.2.3' })).toEqual({ value: 'invalid_ipv4' });
    expect(fieldsOf({ record: 'AAAA', value: '1.2.3.4' })).toEqual({ value: 'invalid_ipv6' });
    expect(fieldsOf({ record: 'A', host: 'w;w', value: '1.2.3.4' })).toEqual({
      host: 'invalid_host',
    });
    expect(fieldsOf({ record: 'A', value: '1.2.3.4', ttl: 10 })).toEqual({ ttl: 'invalid_ttl' });
    expect(fieldsOf({ record: 'A', value: '1.2.3.4', ttl: 100_000 })).toEqual({
      ttl: 'invalid_ttl',
    });
    expect(fieldsOf({ record: 'MX', value: 'mail.example.test', priority: 15 })).toEqual({
      priority: 'invalid_priority',
    });
    expect(fieldsOf({ record: 'MX', value: 'mail.example.test', priority: 110 })).toEqual({
      priority: 'invalid_priority',
    });
    expect(fieldsOf({ record: 'MX', value: '192.0.2.1' })).toEqual({ value: 'target_is_ip' });
    expect(fieldsOf({ record: 'SRV', service: 'sip', port: 70000, target: 'x.test' })).toEqual({
      port: 'invalid_port',
    });
    expect(
      fieldsOf({ record: 'SRV', service: 'sip', port: 5060, weight: -1, target: 'x.test' }),
    ).toEqual({ weight: 'invalid_weight' });
    expect(fieldsOf({ record: 'SRV', service: 'sip', port: 5060, target: '192.0.2.1' })).toEqual({
      target: 'target_is_ip',
    });
    expect(fieldsOf({ record: 'TXT', value: 'a\nb' })).toEqual({ value: 'invalid_text' });
    expect(fieldsOf({ record: 'CAA', tag: 'iodef', value: 'nope' })).toEqual({
      value: 'invalid_caa',
    });
    expect(fieldsOf({ record: 'FORWARD', value: 'https://x.test/";return' })).toEqual({
      value: 'invalid_url',
    });
    expect(fieldsOf({ record: 'FORWARD', host: 'www', value: 'https://x.test/' })).toEqual({
      host: 'invalid_host',
    });
    expect(fieldsOf({ record: 'NS', value: 'ns.evil.test' })).toEqual({
      record: 'invalid_record_type',
    });
    expect(fieldsOf({ record: 'SOA' })).toEqual({ record: 'invalid_record_type' });
  });
});
