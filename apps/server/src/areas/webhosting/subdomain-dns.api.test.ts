import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { dns } from '@haven/contract';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { findPhpVersions } from '../../platform/web-server/php-versions.ts';

// A new subdomain is reachable by its name: the DNS area serves it on the hosting server, unless
// the customer's zone already gives that name an address of its own.
describe('a new subdomain in the DNS zone', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  let php: string | null;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.call({ method, url, token, ...(payload ? { payload } : {}) });
  const records = async () =>
    (await call('GET', `/api/${a.domain}/webhosting/dns`)).json<dns.DnsList>().records;
  const named = async (host: string) =>
    (await records()).filter((r) => r.host === host).map((r) => r.record);
  const addSubdomain = (name: string) =>
    call('POST', `/api/${a.domain}/webhosting/subdomain`, { name, phpHandlerId: php });

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    token = await t.login(a);
    php = (await findPhpVersions()).at(-1)?.value ?? null;
  });
  afterAll(() => t.close());

  it('serves the new name with a HOST record', async () => {
    expect(await named('shop')).toEqual([]);
    expect((await addSubdomain('shop')).statusCode).toBe(200);
    expect(await named('shop')).toEqual(['HOST']);
  });

  it("keeps the customer's own address for that name and adds nothing", async () => {
    const own = await call('POST', `/api/${a.domain}/webhosting/dns`, {
      record: 'A',
      host: 'elders',
      value: '192.0.2.7',
    });
    expect(own.statusCode).toBe(200);
    expect((await addSubdomain('elders')).statusCode).toBe(200);
    expect(await named('elders')).toEqual(['A']);
  });

  it('keeps a CNAME at that name (a HOST beside it would clash)', async () => {
    const cname = await call('POST', `/api/${a.domain}/webhosting/dns`, {
      record: 'C',
      host: 'alias',
      value: 'example.net',
    });
    expect(cname.statusCode).toBe(200);
    expect((await addSubdomain('alias')).statusCode).toBe(200);
    expect(await named('alias')).toEqual(['CNAME']);
  });

  const dnsUrl = () => `/api/${a.domain}/webhosting/dns`;
  const removeSubdomain = (name: string) =>
    call('DELETE', `/api/${a.domain}/webhosting/subdomain/${name}`);

  it("keeps the subdomains' names on a reset to the defaults, and says why", async () => {
    expect((await addSubdomain('blog')).statusCode).toBe(200);
    const extra = await call('POST', dnsUrl(), { record: 'A', host: 'old', value: '192.0.2.9' });
    expect(extra.statusCode).toBe(200);
    const preview = (await call('GET', `${dnsUrl()}/default`)).json<dns.DnsResetPreview>();
    const line = (k: { record: dns.DnsRecord; because: string }) =>
      `${k.record.record} ${k.record.host} ${k.because}`;
    expect(preview.keep.map(line)).toEqual(
      expect.arrayContaining(['HOST shop subdomain', 'HOST blog subdomain', 'HOST www provider']),
    );
    // `elders` and `alias` are subdomains too: their own A and CNAME go, a HOST record comes.
    expect(preview.add.map(line)).toEqual(
      expect.arrayContaining(['HOST elders subdomain', 'HOST alias subdomain']),
    );
    expect(preview.remove.map((r) => `${r.record} ${r.host}`)).toEqual(
      expect.arrayContaining(['A old', 'A elders', 'CNAME alias']),
    );
    expect((await call('POST', `${dnsUrl()}/default`)).statusCode).toBe(200);
    for (const name of ['shop', 'blog', 'elders', 'alias', 'www'])
      expect(await named(name)).toEqual(['HOST']);
    expect(await named('old')).toEqual([]);
    const list = (await call('GET', dnsUrl())).json<dns.DnsList>();
    expect(list.records.find((r) => r.host === 'blog')?.isDefault).toBe(true);
  });

  it('deletes the record Haven added for a deleted subdomain, and its logs', async () => {
    const logs = join(t.dataDir, 'homes', a.domain, 'logs');
    await mkdir(logs, { recursive: true });
    const names = ['shop.access.log', 'shop.error.log', 'shop.access.log.1', 'shop.error.log.2.gz'];
    for (const n of [...names, 'www.access.log', 'shopping.access.log'])
      await writeFile(join(logs, n), 'line\n');
    expect((await addSubdomain('shopping')).statusCode).toBe(200);
    expect((await removeSubdomain('shop')).statusCode).toBe(200);
    expect(await named('shop')).toEqual([]);
    expect(await named('shopping')).toEqual(['HOST']);
    const listed = (await call('GET', `/api/${a.domain}/webhosting/log`)).json<{
      logs: { name: string }[];
    }>();
    // The web server writes the other sites' logs too: only shop's go.
    const left = [...listed.logs.map((l) => l.name), ...(await readdir(logs))];
    expect(left.filter((n) => n.startsWith('shop.'))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(['shopping.access.log', 'www.access.log']));
  });

  it('keeps a record the customer made or changed when the subdomain goes', async () => {
    // Made by the customer before the subdomain: the subdomain never added one.
    expect(
      (await call('POST', dnsUrl(), { record: 'A', host: 'own', value: '192.0.2.8' })).statusCode,
    ).toBe(200);
    expect((await addSubdomain('own')).statusCode).toBe(200);
    expect((await removeSubdomain('own')).statusCode).toBe(200);
    expect(await named('own')).toEqual(['A']);
    // Added by Haven, then edited by the customer: it is theirs now.
    expect((await addSubdomain('edited')).statusCode).toBe(200);
    const host = (await records()).find((r) => r.host === 'edited')!;
    const edit = await call('POST', `${dnsUrl()}/${host.id}`, {
      record: 'HOST',
      host: 'edited',
      ttl: 3600,
    });
    expect(edit.statusCode).toBe(200);
    expect((await removeSubdomain('edited')).statusCode).toBe(200);
    expect(await named('edited')).toEqual(['HOST']);
  });
});
