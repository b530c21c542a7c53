import { describe, expect, it } from 'vitest';
import * as dns from '@haven/contract/dns';
import { emptyValues, fieldErrors, recordResolver, toPayload, valuesOf } from './record-values.ts';
import { row } from './test-data.ts';

const resolve = async (values: ReturnType<typeof emptyValues>) =>
  recordResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('record form values', () => {
  it('sends only the fields of the chosen type', () => {
    const v = {
      ...emptyValues('MX'),
      host: '@',
      value: 'mail.example.org',
      priority: 20,
      port: 99,
      target: 'x',
    };
    expect(toPayload(v)).toEqual({
      record: 'MX',
      host: '@',
      ttl: 899,
      value: 'mail.example.org',
      priority: 20,
    });
    expect(toPayload({ ...emptyValues('HOST'), host: 'shop', value: 'ignored' })).toEqual({
      record: 'HOST',
      host: 'shop',
      ttl: 899,
    });
  });

  it('builds an SRV with the defaults of the specs (tcp, priority 10)', () => {
    const v = { ...emptyValues('SRV'), service: 'sip', port: '5060', target: 'sip.example.org' };
    const parsed = dns.recordInput.parse(toPayload(v));
    expect(parsed).toMatchObject({
      record: 'SRV',
      protocol: 'tcp',
      priority: 10,
      weight: 0,
      port: 5060,
      target: 'sip.example.org',
    });
  });

  it('checks with the contract schema, per type', async () => {
    expect((await resolve({ ...emptyValues('A'), value: '300.1.1.1' })).errors).toMatchObject({
      value: { message: 'invalid_ipv4' },
    });
    expect((await resolve({ ...emptyValues('AAAA'), value: '2001:db8::g' })).errors).toMatchObject({
      value: { message: 'invalid_ipv6' },
    });
    expect((await resolve({ ...emptyValues('MX'), value: '192.0.2.1' })).errors).toMatchObject({
      value: { message: 'target_is_ip' },
    });
    expect(
      (await resolve({ ...emptyValues('MX'), value: 'mx.example.org', priority: 15 })).errors,
    ).toMatchObject({ priority: { message: 'invalid_priority' } });
    expect(
      (await resolve({ ...emptyValues('SRV'), service: 'sip', target: 'x.example.org' })).errors,
    ).toMatchObject({ port: { message: 'invalid_port' } });
    expect(
      (await resolve({ ...emptyValues('A'), host: 'x;y', value: '192.0.2.1' })).errors,
    ).toMatchObject({ host: { message: 'invalid_host' } });
    expect((await resolve({ ...emptyValues('TXT'), value: 'a"\nb' })).errors).toMatchObject({
      value: { message: 'invalid_text' },
    });
    expect(
      (await resolve({ ...emptyValues('A'), value: '192.0.2.1', ttl: 5 })).errors,
    ).toMatchObject({ ttl: { message: 'invalid_ttl' } });
    expect((await resolve({ ...emptyValues('CAA'), value: 'not a ca' })).errors).toMatchObject({
      value: { message: 'invalid_caa' },
    });
    expect((await resolve({ ...emptyValues('FORWARD'), value: 'ftp://x' })).errors).toMatchObject({
      value: { message: 'invalid_url' },
    });
    expect((await resolve({ ...emptyValues('A'), value: '192.0.2.1' })).errors).toEqual({});
  });

  it('sends and fills the website forward with its chosen redirect (301 by default)', () => {
    const v = { ...emptyValues('FORWARD'), value: 'https://example.org/' };
    expect(toPayload(v)).toMatchObject({ record: 'FORWARD', redirect: 301 });
    expect(toPayload({ ...v, redirect: '302' })).toMatchObject({ redirect: 302 });
    const listed = row({ record: 'FORWARD', value: 'https://example.org/', redirect: 302 });
    expect(valuesOf(listed).redirect).toBe('302');
  });

  it('takes a TXT value of any length up to the limit', async () => {
    const long = `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`;
    expect(
      (await resolve({ ...emptyValues('TXT'), host: 'sel._domainkey', value: long })).errors,
    ).toEqual({});
  });

  it('fills the form from a listed record for editing', () => {
    const srv = row({
      record: 'SRV',
      domain: '_sip._tls.a.nl',
      value: 'sip.example.org',
      target: 'sip.example.org',
      service: 'sip',
      protocol: 'tls',
      priority: 30,
      weight: 5,
      port: 5061,
    });
    expect(valuesOf(srv)).toMatchObject({
      record: 'SRV',
      service: 'sip',
      protocol: 'tls',
      priority: 30,
      weight: 5,
      port: 5061,
      target: 'sip.example.org',
      value: '',
    });
    expect(valuesOf(row({ record: 'HOST', host: 'www', value: '192.0.2.10' }))).toMatchObject({
      record: 'HOST',
      host: 'www',
      value: '',
    });
    expect(
      valuesOf(row({ record: 'MX', value: 'mail.a.nl', target: 'mail.a.nl', priority: 20 })),
    ).toMatchObject({ value: 'mail.a.nl', priority: 20 });
  });

  it('keeps the first issue per field and puts object-level issues on the value', () => {
    expect(
      fieldErrors([
        { path: ['port'], message: 'a' },
        { path: ['port'], message: 'b' },
        { path: [], message: 'c' },
      ]),
    ).toEqual({ port: 'a', value: 'c' });
  });
});
