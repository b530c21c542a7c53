import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';
import { UsageError } from './args.ts';
import { COMMANDS } from './commands.ts';

describe('CLI domain:nameservers', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token: string;
  const lines: string[] = [];
  const run = (flags: Record<string, string | boolean>) =>
    COMMANDS['domain:nameservers']!.run(t.ctx, flags, (l) => lines.push(l));
  const zone = async () =>
    (await t.call({ method: 'GET', url: `/api/${a.domain}/webhosting/dns`, token })).json<{
      ns_remote: boolean;
    }>();
  const stored = async () => {
    const row = await t.ctx.customers.domainByName(a.domain);
    return t.ctx.db
      .selectFrom('dns_zones')
      .select(['ns_remote', 'ns_remote_hosts'])
      .where('domain_id', '=', row!.id)
      .executeTakeFirstOrThrow();
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    token = await t.login(a);
  });
  afterAll(() => t.close());

  it('sets the external name servers, so the DNS list answers ns_remote, and clears them', async () => {
    expect((await zone()).ns_remote).toBe(false);
    await run({ domain: a.domain.toUpperCase(), set: 'NS1.Example.net, ns2.example.net.' });
    expect(lines.at(-1)).toBe(
      `name servers of ${a.domain.toUpperCase()}: ns1.example.net, ns2.example.net`,
    );
    expect(await stored()).toEqual({
      ns_remote: 1,
      ns_remote_hosts: 'ns1.example.net ns2.example.net',
    });
    expect((await zone()).ns_remote).toBe(true);

    await run({ domain: a.domain, clear: true });
    expect(await stored()).toEqual({ ns_remote: 0, ns_remote_hosts: null });
    expect((await zone()).ns_remote).toBe(false);
  });

  it('refuses what is not a delegation: bad or doubled host names, both or neither switch, an unknown domain', async () => {
    const refused: Record<string, string | boolean>[] = [
      { domain: a.domain, set: 'ns1.example.net,not a host' },
      { domain: a.domain, set: 'ns1' },
      { domain: a.domain, set: 'ns1.example.net,ns1.example.net' },
      { domain: a.domain, set: ',' },
      { domain: a.domain, set: 'ns1.example.net', clear: true },
      { domain: a.domain },
      { domain: 'unknown-domain.test', set: 'ns1.example.net' },
      { set: 'ns1.example.net' },
    ];
    for (const flags of refused)
      await expect(run(flags), JSON.stringify(flags)).rejects.toBeInstanceOf(UsageError);
    expect(await stored()).toEqual({ ns_remote: 0, ns_remote_hosts: null });
  });
});
