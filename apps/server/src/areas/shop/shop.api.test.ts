import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartStatus, Pricing, Product } from '@haven/contract';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';

type Json = Record<string, unknown>;

/** A clock the test moves: 1 January 2024, noon in Amsterdam. */
const clock = { t: Date.UTC(2024, 0, 1, 11, 0), now: () => clock.t };

describe('shop API: the local profile with the built-in test checkout', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let token: string;
  // The specs' paths: the domain travels as a query parameter (GET) or a body field (POST).
  const shop = (c: TestCustomer, rest: string) => `/api/shopping${rest}?domain=${c.domain}`;
  const domainRow = (c: TestCustomer) =>
    t.ctx.db
      .selectFrom('domains')
      .selectAll()
      .where('name', '=', c.domain)
      .executeTakeFirstOrThrow();
  const setDomain = async (c: TestCustomer, set: Json) =>
    t.ctx.db.updateTable('domains').set(set).where('name', '=', c.domain).execute();
  const checkout = (c: TestCustomer, tk: string, products: number[]) =>
    t.call({
      method: 'POST',
      url: `/api/shopping/transaction`,
      token: tk,
      payload: { domain: c.domain, products },
    });
  const paymentId = (url: string) => /\/pay\/test\/(tst_[0-9a-f]{20})/.exec(url)?.[1] ?? '';
  const pay = (id: string, outcome: string) =>
    t.call({
      method: 'POST',
      url: `/pay/test/${id}?lang=nl`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
  const webhook = (id: string) =>
    t.call({
      method: 'POST',
      url: '/api/shopping/webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${id}`,
    });
  const outbox = async () => {
    const dir = join(t.dataDir, 'outbox');
    const files = await readdir(dir).catch(() => [] as string[]);
    return Promise.all(
      files.map(async (f) =>
        Buffer.from(
          (await readFile(join(dir, f), 'utf8')).split('\r\n\r\n')[1] ?? '',
          'base64',
        ).toString('utf8'),
      ),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await t.customer();
    b = await t.customer();
    token = await t.login(a);
    // A contract of 1 June 2023: on 1 January 2024, 152 of 366 days remain.
    await setDomain(a, { billing_anchor: '2023-06-01' });
  });
  afterAll(() => t.close());

  it('answers the cart status and the catalogue with server prices, pro rata to the period end', async () => {
    const status = (await t.call({ method: 'GET', url: shop(a, '/status'), token })).json<{
      data: CartStatus;
    }>();
    expect(status.data).toEqual({
      isUpgradable: true,
      isWithinDeadzone: false,
      hasLegacy: false,
      products: [],
      period: { start: '2023-06-01', end: '2024-06-01' },
      vat_rate: 2100,
    });
    const { products } = (await t.call({ method: 'GET', url: shop(a, '/products'), token })).json<{
      products: Product[];
    }>();
    const premium = products.find((p) => p.id === 1);
    // 48.00 a year excl. VAT: 58.08 incl.; now 48.00 * 152/366 = 19.93 + 4.19 VAT.
    expect(premium).toMatchObject({
      type: 'hosting',
      price: 5808,
      from_price: 2412,
      productsIncluded: [{ id: 4 }],
      available: true,
    });
    // Premium SSL (6) and domain privacy (10) had no effect anywhere: they are not offered.
    expect(products.map((p) => p.id)).toEqual([1, 4, 7, 8, 9]);
  });

  it('prices a cart and refuses bad carts and tampered amounts', async () => {
    const ok = await t.call({
      method: 'POST',
      url: `/api/shopping/calculate`,
      token,
      payload: { domain: a.domain, products: [1, 7] },
    });
    expect(ok.json()).toMatchObject({
      subtotal: 1993 + 748,
      vat: 576,
      price_total: 3317,
      vat_rate: 2100,
      period_end: '2024-06-01',
    } satisfies Partial<Pricing>);
    const bad: [unknown, number, string][] = [
      [{ products: [1, 4] }, 422, 'product_included'],
      [{ products: [999] }, 422, 'unknown_product'],
      [{ products: [9] }, 422, 'product_required'],
      [{ products: [7, 7] }, 422, 'duplicate_product'],
      [{ products: [6] }, 422, 'product_not_available'],
      [{ products: [10] }, 422, 'product_not_available'],
      [{ products: [1], amount: 1 }, 422, 'validation'],
      [{ products: [1], price_total: 1 }, 422, 'validation'],
      [{ products: [] }, 422, 'validation'],
      [{ products: ['1'] }, 422, 'validation'],
    ];
    for (const [payload, status, code] of bad) {
      const res = await t.call({
        method: 'POST',
        url: shop(a, '/calculate'),
        token,
        payload: { domain: a.domain, ...(payload as Json) },
      });
      expect([res.statusCode, res.json<Json>().custom_message], JSON.stringify(payload)).toEqual([
        status,
        code,
      ]);
    }
  });

  it("keeps another customer's domain, EMAIL logins and strangers out", async () => {
    expect((await t.call({ method: 'GET', url: shop(b, '/status'), token })).statusCode).toBe(404);
    expect((await checkout(b, token, [1])).statusCode).toBe(404);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/shopping/calculate',
          token,
          payload: { domain: b.domain, products: [1] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: '/api/shopping/products?domain=nope.example', token }))
        .statusCode,
    ).toBe(404);
    // Without the selected domain the call is malformed, not an empty shop.
    expect((await t.call({ method: 'GET', url: '/api/shopping/status', token })).statusCode).toBe(
      422,
    );
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/shopping/calculate',
          token,
          payload: { products: [1] },
        })
      ).statusCode,
    ).toBe(422);
    expect((await t.call({ method: 'GET', url: shop(a, '/status') })).statusCode).toBe(401);
    const mail = await t.customer({ type: 'EMAIL' });
    const mailToken = await t.login(mail);
    expect(
      (await t.call({ method: 'GET', url: shop(mail, '/status'), token: mailToken })).statusCode,
    ).toBe(403);
  });

  it('orders premium hosting: test checkout, webhook, return; fulfilled exactly once', async () => {
    const first = await checkout(a, token, [1]);
    expect(first.statusCode).toBe(200);
    const { url, uuid } = first.json<{ url: string; uuid: string }>();
    expect(url).toMatch(/^http:\/\/panel\.test\/pay\/test\/tst_[0-9a-f]{20}\?lang=nl$/);
    // A second tab with the same cart continues the same order; another cart waits for it.
    expect((await checkout(a, token, [1])).json()).toEqual({ url, uuid });
    expect((await checkout(a, token, [7])).json()).toEqual({
      custom_message: 'payment_in_progress',
    });

    const id = paymentId(url);
    const page = await t.call({ method: 'GET', url: `/pay/test/${id}?lang=nl` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toMatch(/€\s24,12/u);
    expect(page.body).toContain('value="paid"');

    const before = (
      await t.call({ method: 'GET', url: `/api/shopping/transaction/${uuid}`, token })
    ).json<Json>();
    expect(before).toMatchObject({
      success: false,
      status: 'open',
      domain: a.domain,
      products: [1],
      invoice: null,
    });

    const paid = await pay(id, 'paid');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://panel.test/dashboard?payment_uuid=${uuid}`);
    // Mollie may deliver a webhook twice, or two at once: nothing happens again.
    expect((await webhook(id)).statusCode).toBe(200);
    const twice = await Promise.all([webhook(id), webhook(id)]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await pay(id, 'paid')).statusCode).toBe(303);

    const outcome = (
      await t.call({ method: 'GET', url: `/api/shopping/transaction/${uuid}`, token })
    ).json<Json>();
    expect(outcome).toMatchObject({
      success: true,
      status: 'paid',
      domain: a.domain,
      products: [1],
      invoice: '2024-00001',
    });
    const row = await domainRow(a);
    expect(row).toMatchObject({
      premium: 1,
      spamfilter: 1,
      ssl_premium: 0,
      disk_quota_mb: 60000,
      max_databases: 25,
      sitebuilder: 0,
    });
    const user = (await t.call({ method: 'GET', url: '/api/user', token })).json<{
      domains: { name: string; premium: boolean }[];
    }>();
    expect(user.domains.find((d) => d.name === a.domain)?.premium).toBe(true);
    const status = (await t.call({ method: 'GET', url: shop(a, '/status'), token })).json<{
      data: CartStatus;
    }>();
    expect(status.data.products).toEqual([{ id: 1, productsIncluded: [{ id: 4 }] }]);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/api/shopping/calculate`,
          token,
          payload: { domain: a.domain, products: [4] },
        })
      ).json(),
    ).toEqual({ custom_message: 'product_owned' });

    const invoices = (await t.call({ method: 'GET', url: '/api/invoice', token })).json<{
      invoices: Json[];
    }>();
    expect(invoices.invoices).toEqual([
      {
        number: '2024-00001',
        date: '2024-01-01',
        domain: a.domain,
        subtotal: 1993,
        vat: 419,
        total: 2412,
      },
    ]);
    const mails = (await outbox()).filter((m) => m.includes('2024-00001'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Premium hosting');
    expect(mails[0]).toContain('€ 24,12');
  });

  it('serves the invoice PDF to its customer only', async () => {
    const pdf = await t.call({ method: 'GET', url: '/api/invoice/2024-00001/pdf', token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Factuur 2024-00001');
    const again = await t.call({ method: 'GET', url: '/api/invoice/2024-00001/pdf', token });
    expect(Buffer.compare(again.rawPayload, pdf.rawPayload)).toBe(0);
    const other = await t.login(b);
    expect(
      (await t.call({ method: 'GET', url: '/api/invoice/2024-00001/pdf', token: other }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: '/api/invoice/2024-00001%2F..%2F..%2Fetc/pdf', token }))
        .statusCode,
    ).toBe(422);
    expect(
      (await t.call({ method: 'GET', url: '/api/invoice', token: other })).json<{
        invoices: unknown[];
      }>().invoices,
    ).toEqual([]);
  });

  it("answers 404 for someone else's transaction and for unknown payments", async () => {
    const [{ uuid }] = [(await checkout(b, await t.login(b), [4])).json<{ uuid: string }>()];
    expect(
      (await t.call({ method: 'GET', url: `/api/shopping/transaction/${uuid}`, token })).json(),
    ).toEqual({ custom_message: 'not_found' });
    expect(
      (await t.call({ method: 'GET', url: '/api/shopping/transaction/not-a-uuid', token }))
        .statusCode,
    ).toBe(422);
    expect((await webhook('tr_unknown123')).json()).toEqual({ custom_message: 'unknown_payment' });
    expect((await webhook('x%27%20OR%201%3D1')).statusCode).toBe(422);
    expect(
      (await t.call({ method: 'GET', url: '/pay/test/tst_00000000000000000000' })).statusCode,
    ).toBe(404);
  });

  it('finds the customer after a new login: the return address carries the order reference only', async () => {
    const c = await t.customer();
    await setDomain(c, { billing_anchor: '2023-06-01' });
    const before = await t.login(c);
    const { url, uuid } = (await checkout(c, before, [4, 7])).json<{ url: string; uuid: string }>();
    // The customer's session ends while paying (another tab logged out, or it expired).
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/logout', token: before })).statusCode,
    ).toBe(200);
    const paid = await pay(paymentId(url), 'paid');
    const back = new URL(String(paid.headers.location));
    expect(back.origin).toBe('http://panel.test');
    expect(back.pathname).toBe('/dashboard');
    expect([...back.searchParams]).toEqual([['payment_uuid', uuid]]);
    expect(back.href).not.toContain(paymentId(url));
    expect(
      (await t.call({ method: 'GET', url: `/api/shopping/transaction/${uuid}`, token: before }))
        .statusCode,
    ).toBe(401);

    // Logged in again (any tab, any host): the outcome is there, as often as it is asked.
    const again = await t.login(c);
    const outcome = { success: true, status: 'paid', domain: c.domain, products: [4, 7] };
    for (let i = 0; i < 2; i += 1)
      expect(
        (
          await t.call({ method: 'GET', url: `/api/shopping/transaction/${uuid}`, token: again })
        ).json(),
      ).toMatchObject({ ...outcome, invoice: expect.stringMatching(/^2024-\d{5}$/) });
    // What was paid for is owned now: the web drops it from every cart that still holds it.
    const status = (await t.call({ method: 'GET', url: shop(c, '/status'), token: again })).json<{
      data: CartStatus;
    }>();
    expect(status.data.products.map((p) => p.id).sort()).toEqual([4, 7]);
    const other = await t.login(b);
    expect(
      (await t.call({ method: 'GET', url: `/api/shopping/transaction/${uuid}`, token: other }))
        .statusCode,
    ).toBe(404);

    // The mail says what the amount was for, informally, and where the invoice is.
    const mail = (await outbox()).find((m) => m.includes(c.domain) && m.includes('Spamfilter'));
    expect(mail).toContain('Je hebt € ');
    expect(mail).toContain('voor de rest van de lopende periode, tot 01-06-2024');
    expect(mail).toContain(`http://panel.test/upgrade/${c.domain}/products`);
  });

  it('changes nothing for a failed or cancelled payment, and frees the domain for a new checkout', async () => {
    const c = await t.customer();
    const tk = await t.login(c);
    for (const outcome of ['failed', 'canceled'] as const) {
      // The payment page follows the language the customer has the panel in.
      const res = await t.call({
        method: 'POST',
        url: `/api/shopping/transaction`,
        token: tk,
        payload: { domain: c.domain, products: [4], language: 'en' },
      });
      const { url, uuid } = res.json<{ url: string; uuid: string }>();
      expect(url).toMatch(/\?lang=en$/);
      expect((await pay(paymentId(url), outcome)).statusCode).toBe(303);
      expect(
        (
          await t.call({ method: 'GET', url: `/api/shopping/transaction/${uuid}`, token: tk })
        ).json(),
      ).toMatchObject({ success: false, status: outcome, invoice: null });
    }
    expect(await domainRow(c)).toMatchObject({ premium: 0, spamfilter: 0, ssl_premium: 0 });
    expect(
      (await t.call({ method: 'GET', url: '/api/invoice', token: tk })).json<{
        invoices: unknown[];
      }>().invoices,
    ).toEqual([]);
  });

  it("switches the zone to the spam filter's MX records after a paid spam filter order, and locks them", async () => {
    const c = await t.customer();
    const tk = await t.login(c);
    const dns = (method: 'GET' | 'POST' | 'DELETE', rest = '', payload?: Json) =>
      t.call({
        method,
        url: `/api/${c.domain}/webhosting/dns${rest}`,
        token: tk,
        ...(payload ? { payload } : {}),
      });
    type Zone = {
      has_spamfilter: boolean;
      records: { id: number; record: string; value: string; isSpamfilter: boolean }[];
    };
    expect(
      (await dns('POST', '', { record: 'MX', host: '', value: 'mx.example.org', priority: 30 }))
        .statusCode,
    ).toBe(200);
    expect((await dns('GET')).json<Zone>().has_spamfilter).toBe(false);

    const { url } = (await checkout(c, tk, [4])).json<{ url: string }>();
    expect((await pay(paymentId(url), 'paid')).statusCode).toBe(303);
    expect(await domainRow(c)).toMatchObject({ spamfilter: 1 });
    const zone = (await dns('GET')).json<Zone>();
    expect(zone.has_spamfilter).toBe(true);
    const mx = zone.records.filter((r) => r.record === 'MX');
    // The customer's own MX record is gone: only the filter's remain.
    expect(mx.map((r) => [r.value, r.isSpamfilter])).toEqual([
      ['mx1.spamfilter.haven.test', true],
      ['mx2.spamfilter.haven.test', true],
    ]);
    expect(
      (
        await dns('POST', '', { record: 'MX', host: '', value: 'mx.example.org', priority: 30 })
      ).json(),
    ).toEqual({ custom_message: 'spamfilter_active' });
    expect((await dns('DELETE', `/${mx[0]!.id}`)).json()).toEqual({
      custom_message: 'spamfilter_active',
    });
    expect(await readFile(join(t.dataDir, 'dns', 'zones', `${c.domain}.zone`), 'utf8')).toMatch(
      /IN MX\s+10 mx1\.spamfilter\.haven\.test\./,
    );
  });

  it('lets an unpaid test payment expire', async () => {
    const c = await t.customer();
    const tk = await t.login(c);
    const { uuid } = (await checkout(c, tk, [4])).json<{ uuid: string }>();
    clock.t += 16 * 60_000;
    expect(
      (await t.call({ method: 'GET', url: `/api/shopping/transaction/${uuid}`, token: tk })).json(),
    ).toMatchObject({ success: false, status: 'expired' });
    expect((await checkout(c, tk, [4])).statusCode).toBe(200);
  });

  it('refuses orders for legacy products, in the dead zone and for a domain that may not order', async () => {
    const c = await t.customer();
    const tk = await t.login(c);
    const calc = async () =>
      (
        await t.call({
          method: 'POST',
          url: `/api/shopping/calculate`,
          token: tk,
          payload: { domain: c.domain, products: [7] },
        })
      ).json<Json>();
    await setDomain(c, { legacy: 1 });
    expect(
      (await t.call({ method: 'GET', url: shop(c, '/status'), token: tk })).json<{
        data: CartStatus;
      }>().data,
    ).toMatchObject({ isUpgradable: false, hasLegacy: true });
    expect(await calc()).toEqual({ custom_message: 'has_legacy' });
    await setDomain(c, { legacy: 0, billing_anchor: '2023-01-20' });
    expect(
      (await t.call({ method: 'GET', url: shop(c, '/status'), token: tk })).json<{
        data: CartStatus;
      }>().data.isWithinDeadzone,
    ).toBe(true);
    expect(await calc()).toEqual({ custom_message: 'within_deadzone' });
    await setDomain(c, { billing_anchor: '2023-06-01', status: 1 });
    expect(await calc()).toEqual({ custom_message: 'domain_not_orderable' });
    await setDomain(c, { status: 0 });
    expect(await calc()).toMatchObject({ price_total: expect.any(Number) });
    await setDomain(c, { package: 'DOMAIN' });
    expect(await calc()).toEqual({ custom_message: 'product_not_available' });
  });

  it('upgrades an owned site builder for the difference and records the new tier', async () => {
    const c = await t.customer();
    const tk = await t.login(c);
    await setDomain(c, { billing_anchor: '2023-06-01', sitebuilder: 7, premium: 1 });
    const price = (
      await t.call({
        method: 'POST',
        url: `/api/shopping/calculate`,
        token: tk,
        payload: { domain: c.domain, products: [9] },
      })
    ).json<Pricing>();
    expect(price.lines).toEqual([
      { id: 9, replaces: [7], price_now: expect.any(Number), price_annual: 6534 },
    ]);
    const { url } = (await checkout(c, tk, [9])).json<{ url: string }>();
    const checkoutPage = await t.call({
      method: 'GET',
      url: `/pay/test/${paymentId(url)}?lang=nl`,
    });
    expect(checkoutPage.body).toContain(
      `${c.domain}: SiteBuilder Pro (upgrade van SiteBuilder Lite)`,
    );
    await pay(paymentId(url), 'paid');
    expect(await domainRow(c)).toMatchObject({ sitebuilder: 9 });
    // The invoice line and the mail say it is an upgrade (the amount is the difference).
    const mail = (await outbox()).find((m) => m.includes(c.domain) && m.includes('SiteBuilder'));
    expect(mail).toContain('SiteBuilder Pro (upgrade van SiteBuilder Lite)');
    const line = await t.ctx.db
      .selectFrom('invoice_lines')
      .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
      .innerJoin('domains', 'domains.id', 'invoices.domain_id')
      .select('invoice_lines.description')
      .where('domains.name', '=', c.domain)
      .executeTakeFirst();
    expect(line?.description).toBe('SiteBuilder Pro (upgrade van SiteBuilder Lite)');
    const sb = (
      await t.call({ method: 'GET', url: `/api/${c.domain}/sitebuilder`, token: tk })
    ).json<Json>();
    expect(sb).toEqual({
      sitebuilder: true,
      legacy: false,
      product: { id: 9, name: { nl: 'SiteBuilder Pro', en: 'SiteBuilder Pro' }, pages: 250 },
      configured: false,
    });
    expect(
      (
        await t.call({ method: 'POST', url: `/api/${c.domain}/sitebuilder/open`, token: tk })
      ).json(),
    ).toEqual({ custom_message: 'sitebuilder_not_configured' });
  });
  it('lets only one of two tabs that check out at the same moment start an order', async () => {
    const c = await t.customer();
    const tk = await t.login(c);
    const results = await Promise.all([checkout(c, tk, [7]), checkout(c, tk, [4])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json()).toEqual({
      custom_message: 'payment_in_progress',
    });
    const open = await t.ctx.db
      .selectFrom('shop_transactions')
      .select('id')
      .where('status', '=', 'open')
      .where('customer_id', '=', c.customerId)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('keeps an earlier order of a withdrawn product (premium SSL) owned and its invoice readable', async () => {
    const c = await t.customer();
    const tk = await t.login(c);
    // An order from when premium SSL was still sold.
    const products = t.ctx.db.updateTable('shop_products').where('id', '=', 6);
    await products.set({ active: 1 }).execute();
    const { url } = (await checkout(c, tk, [6])).json<{ url: string }>();
    await pay(paymentId(url), 'paid');
    await products.set({ active: 0 }).execute();

    const list = (await t.call({ method: 'GET', url: '/api/invoice', token: tk })).json<{
      invoices: { number: string }[];
    }>();
    expect(list.invoices).toHaveLength(1);
    const pdf = await t.call({
      method: 'GET',
      url: `/api/invoice/${list.invoices[0]?.number ?? ''}/pdf`,
      token: tk,
    });
    expect([pdf.statusCode, pdf.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
    const status = (await t.call({ method: 'GET', url: shop(c, '/status'), token: tk })).json<{
      data: CartStatus;
    }>();
    expect(status.data.products).toEqual([{ id: 6, productsIncluded: [] }]);
    const offered = (await t.call({ method: 'GET', url: shop(c, '/products'), token: tk })).json<{
      products: Product[];
    }>();
    expect(
      offered.products.some((p) => p.id === 6 || p.type === 'ssl' || p.type === 'domain'),
    ).toBe(false);
  });

  it('seeds the demo: a running contract and an earlier, invoiced site builder order', async () => {
    const c = await t.customer();
    await t.ctx.seedDemo(c.domain);
    expect(await domainRow(c)).toMatchObject({ sitebuilder: 7, billing_anchor: '2023-08-04' });
    const tk = await t.login(c);
    const list = (await t.call({ method: 'GET', url: '/api/invoice', token: tk })).json<{
      invoices: { number: string }[];
    }>();
    expect(list.invoices).toHaveLength(1);
    const pdf = await t.call({
      method: 'GET',
      url: `/api/invoice/${list.invoices[0]?.number ?? ''}/pdf`,
      token: tk,
    });
    expect(pdf.statusCode).toBe(200);
  });
});
