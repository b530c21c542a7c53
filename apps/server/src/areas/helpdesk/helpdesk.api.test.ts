import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

interface AddressJson {
  id: number;
  status: string;
  domain: string;
  product: string;
  zipcode: string;
  name: string;
}

const goodAddress = {
  name: 'Jan Jansen',
  email: 'jan@example.nl',
  streetname: 'Dorpsstraat',
  housenumber: '12a',
  zipcode: '1234ab',
  city: 'Utrecht',
  country: 'NL',
  phone: '+31 30 123 4567',
};

describe('helpdesk API', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer({ type: 'DOMAIN' });
  });
  afterAll(() => t.close());

  const addresses = async (token: string) =>
    (
      (await t.call({ method: 'GET', url: '/api/helpdesk/address', token })).json() as {
        addresses: AddressJson[];
      }
    ).addresses;

  it('answers the default mailing preferences, saves the four switches per customer', async () => {
    const token = await t.login(a);
    const first = await t.call({ method: 'GET', url: '/api/helpdesk/mailing', token });
    expect(first.json()).toEqual({
      preferences: {
        blog_news: false,
        actions_offers: false,
        invoices_collection: true,
        support: true,
      },
    });
    const wanted = {
      blog_news: true,
      actions_offers: true,
      invoices_collection: false,
      support: true,
    };
    const saved = await t.call({
      method: 'PUT',
      url: '/api/helpdesk/mailing',
      token,
      payload: wanted,
    });
    expect(saved.json()).toEqual({ preferences: wanted });
    const again = await t.call({ method: 'GET', url: '/api/helpdesk/mailing', token });
    expect(again.json()).toEqual({ preferences: wanted });
    // Another customer still has its own defaults.
    const other = await t.call({
      method: 'GET',
      url: '/api/helpdesk/mailing',
      token: await t.login(b),
    });
    expect((other.json() as { preferences: { blog_news: boolean } }).preferences.blog_news).toBe(
      false,
    );
  });

  it('refuses bad mailing input and changes nothing', async () => {
    const token = await t.login(a);
    const before = (await t.call({ method: 'GET', url: '/api/helpdesk/mailing', token })).json();
    for (const payload of [
      { blog_news: 'yes', actions_offers: true, invoices_collection: true, support: true },
      { blog_news: true, actions_offers: true, invoices_collection: true },
      { blog_news: true, actions_offers: true, invoices_collection: true, support: true, x: 1 },
    ]) {
      const res = await t.call({ method: 'PUT', url: '/api/helpdesk/mailing', token, payload });
      expect(res.statusCode).toBe(422);
      expect((res.json() as { custom_message: string }).custom_message).toBe('validation');
    }
    expect((await t.call({ method: 'GET', url: '/api/helpdesk/mailing', token })).json()).toEqual(
      before,
    );
  });

  it('lists one address per domain of the customer, incomplete until saved', async () => {
    const token = await t.login(a);
    const second = `tweede-${a.domain}`;
    await t.ctx.operator.addDomain(a.customerId, second);
    const list = await addresses(token);
    expect(list.map((x) => x.domain).sort()).toEqual([a.domain, second].sort());
    expect(list.every((x) => x.status === 'incomplete')).toBe(true);
    // Listing twice makes no second address.
    expect(await addresses(token)).toHaveLength(2);
  });

  it('saves an address with the Dutch postcode as 1234 AB', async () => {
    const token = await t.login(a);
    const [first] = await addresses(token);
    const res = await t.call({
      method: 'PUT',
      url: `/api/helpdesk/address/${first?.id}`,
      token,
      payload: goodAddress,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      address: { id: first?.id, status: 'complete', zipcode: '1234 AB', name: 'Jan Jansen' },
    });
    const got = await t.call({ method: 'GET', url: `/api/helpdesk/address/${first?.id}`, token });
    expect(got.json()).toMatchObject({ address: { zipcode: '1234 AB', country: 'NL' } });
  });

  it('answers field codes for a postcode or house number that does not fit, stores nothing', async () => {
    const token = await t.login(a);
    const [first] = await addresses(token);
    const url = `/api/helpdesk/address/${first?.id}`;
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ zipcode: '0123 AB' }, { zipcode: 'zipcode' }],
      [{ country: 'BE', zipcode: '1234 AB' }, { zipcode: 'zipcode' }],
      [{ housenumber: 'nul' }, { housenumber: 'housenumber' }],
      [{ email: 'geen-mail' }, { email: 'email' }],
      [{ name: '' }, { name: 'required' }],
    ];
    for (const [change, fields] of cases) {
      const res = await t.call({
        method: 'PUT',
        url,
        token,
        payload: { ...goodAddress, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json()).toEqual({ custom_message: 'validation', fields });
    }
    const after = await t.call({ method: 'GET', url, token });
    expect(after.json()).toMatchObject({ address: { zipcode: '1234 AB', name: 'Jan Jansen' } });
  });

  it("answers 404 for another customer's address, and changes nothing", async () => {
    const tokenA = await t.login(a);
    const tokenB = await t.login(b);
    const [ofB] = await addresses(tokenB);
    expect(ofB?.product).toBeDefined();
    const url = `/api/helpdesk/address/${ofB?.id}`;
    expect((await t.call({ method: 'GET', url, token: tokenA })).statusCode).toBe(404);
    const put = await t.call({ method: 'PUT', url, token: tokenA, payload: goodAddress });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ custom_message: 'not_found' });
    const mine = await t.call({ method: 'GET', url, token: tokenB });
    expect(mine.json()).toMatchObject({ address: { status: 'incomplete', name: '' } });
    for (const id of ['999999', '0', '-1', 'abc', '1.5'])
      expect(
        (await t.call({ method: 'GET', url: `/api/helpdesk/address/${id}`, token: tokenA }))
          .statusCode,
        id,
      ).toBeGreaterThanOrEqual(404);
  });

  it('keeps the helpdesk from mailbox logins and strangers', async () => {
    expect((await t.call({ method: 'GET', url: '/api/helpdesk/mailing' })).statusCode).toBe(401);
    const owner = await t.customer();
    await t.ctx.operator.addIdentity({
      domain: owner.domain,
      username: 'info',
      type: 'EMAIL',
      password: 'Mailbox-Pass-2024!x',
      name: 'Info',
      email: `info@${owner.domain}`,
    });
    const token = await t.login({
      domain: owner.domain,
      username: 'info',
      password: 'Mailbox-Pass-2024!x',
    });
    for (const url of ['/api/helpdesk/mailing', '/api/helpdesk/address'])
      expect((await t.call({ method: 'GET', url, token })).statusCode, url).toBe(403);
  });
});
