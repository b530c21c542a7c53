import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { dns, mail } from '@haven/contract';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

type Row = Pick<dns.DnsRecord, 'id' | 'record' | 'host' | 'value' | 'priority' | 'isDefault'>;

// The mail settings screen's DNS records, read from the domain's zone through the DNS area's
// exports (wired in areas/registry.ts), and the DNS area's reset keeping mail's own records.
describe('mail DNS records: state in the zone, putting the missing ones in place, reset', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.call({ method, url: `/api/${c.domain}${path}`, token, ...(payload ? { payload } : {}) });
  const zone = async () =>
    ((await call('GET', '/webhosting/dns')).json<dns.DnsList>().records as Row[]).filter(
      (r) => r.id > 0,
    );
  const at = async (host: string) => (await zone()).filter((r) => r.host === host);
  const states = async () =>
    Object.fromEntries(
      (await call('GET', '/mail/settings'))
        .json<mail.MailSettings>()
        .dns.map((r) => [r.purpose, r.state]),
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { PROVIDER_DOMAIN: 'hoster.test' } });
    c = await t.customer();
    token = await t.login(c);
  });
  afterAll(() => t.close());

  it('shows MX, SPF, DKIM and DMARC present in a new domain’s zone', async () => {
    const res = await call('GET', '/mail/settings');
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json<mail.MailSettings>().dns;
    expect(records.map((r) => [r.purpose, r.type, r.host, r.state])).toEqual([
      ['mx', 'MX', '@', 'present'],
      ['spf', 'TXT', '@', 'present'],
      ['dkim', 'TXT', 'haven._domainkey', 'present'],
      ['dmarc', 'TXT', '_dmarc', 'present'],
    ]);
    expect(records[0]).toMatchObject({ value: 'mail.hoster.test', priority: 10 });
  });

  it('says what is missing or different, adds only the missing, never a second DMARC', async () => {
    const rows = await zone();
    const id = (pred: (r: Row) => boolean) => rows.find(pred)!.id;
    await call('DELETE', `/webhosting/dns/${id((r) => r.host === 'haven._domainkey')}`);
    await call('DELETE', `/webhosting/dns/${id((r) => r.host === '' && r.record === 'TXT')}`);
    const own = 'v=DMARC1; p=reject; rua=mailto:dmarc@example.org';
    const changed = await call('POST', `/webhosting/dns/${id((r) => r.host === '_dmarc')}`, {
      record: 'TXT',
      host: '_dmarc',
      value: own,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const before = (await call('GET', '/mail/settings')).json<mail.MailSettings>().dns;
    expect(before.map((r) => [r.purpose, r.state])).toEqual([
      ['mx', 'present'],
      ['spf', 'missing'],
      ['dkim', 'missing'],
      ['dmarc', 'different'],
    ]);
    expect(before.find((r) => r.purpose === 'dmarc')?.found).toEqual([own]);

    // A mail change ensures mail's own records: DKIM comes back, the customer's DMARC stays alone.
    await call('PUT', '/mail/settings', {
      active: true,
      catch_all: 'reject',
      catch_all_address: null,
    });
    expect(await states()).toMatchObject({ spf: 'missing', dkim: 'present', dmarc: 'different' });
    expect((await at('_dmarc')).map((r) => r.value)).toEqual([own]);

    const done = await call('POST', '/mail/settings/dns');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<mail.MailDnsResult>().added).toBe(1);
    expect(done.json<mail.MailDnsResult>().dns.map((r) => r.state)).toEqual([
      'present',
      'present',
      'present',
      'different',
    ]);
    expect((await at('_dmarc')).map((r) => r.value)).toEqual([own]);
    expect((await at('')).filter((r) => r.record === 'TXT')).toHaveLength(1);
    const again = await call('POST', '/mail/settings/dns');
    expect(again.json<mail.MailDnsResult>().added).toBe(0);
  });

  it('shows another MX as different and leaves it', async () => {
    const mx = (await zone()).find((r) => r.record === 'MX')!;
    await call('POST', `/webhosting/dns/${mx.id}`, {
      record: 'MX',
      host: '',
      value: 'mx.elsewhere.example',
      priority: 10,
    });
    const res = (await call('GET', '/mail/settings')).json<mail.MailSettings>();
    expect(res.dns[0]).toMatchObject({ state: 'different', found: ['10 mx.elsewhere.example'] });
    await call('POST', '/mail/settings/dns');
    expect((await zone()).filter((r) => r.record === 'MX').map((r) => r.value)).toEqual([
      'mx.elsewhere.example',
    ]);
  });

  it('a DNS reset keeps mail’s DKIM and DMARC while mail is on, and drops them when off', async () => {
    const preview = (await call('GET', '/webhosting/dns/default')).json<{
      remove: Row[];
      add: { record: Row; because: string }[];
    }>();
    // The customer's own DMARC goes, mail's comes back; the DKIM record stays.
    expect(preview.remove.map((r) => r.host)).toContain('_dmarc');
    expect(preview.remove.map((r) => r.host)).not.toContain('haven._domainkey');
    expect(preview.add.map((r) => `${r.record.host} ${r.because}`)).toContain('_dmarc mail');
    const reset = await call('POST', '/webhosting/dns/default');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await states()).toEqual({
      mx: 'present',
      spf: 'present',
      dkim: 'present',
      dmarc: 'present',
    });
    expect((await at('_dmarc')).map((r) => r.value)).toEqual([
      `v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:postmaster@${c.domain}`,
    ]);
    expect((await at('haven._domainkey'))[0]?.isDefault).toBe(true);

    await call('PUT', '/mail/settings', {
      active: false,
      catch_all: 'reject',
      catch_all_address: null,
    });
    await call('POST', '/webhosting/dns/default');
    expect(await at('haven._domainkey')).toEqual([]);
    expect(await at('_dmarc')).toEqual([]);
    await call('PUT', '/mail/settings', {
      active: true,
      catch_all: 'reject',
      catch_all_address: null,
    });
    expect(await states()).toMatchObject({ dkim: 'present', dmarc: 'present' });
  });

  it('is for the domain’s HOSTING login only, and not for another customer’s domain', async () => {
    const other = await t.customer();
    const mine = await call('POST', '/mail/settings/dns');
    expect(mine.statusCode).toBe(200);
    const theirs = await t.call({
      method: 'POST',
      url: `/api/${other.domain}/mail/settings/dns`,
      token,
    });
    expect(theirs.statusCode).toBe(404);
    const box = await call('POST', '/mail/account/address', {
      name: 'info',
      password: 'Zeer-Sterk-W8woord!',
      passwordRepeat: 'Zeer-Sterk-W8woord!',
      forwarding: { address: [] },
      alias: [],
    });
    expect(box.statusCode, box.body).toBe(200);
    const emailToken = await t.login({
      domain: c.domain,
      username: 'info',
      password: 'Zeer-Sterk-W8woord!',
    });
    const email = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/mail/settings/dns`,
      token: emailToken,
    });
    expect(email.statusCode).toBe(403);
  });
});
