import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartStatus, Pricing, Product } from '@haven/contract';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { shopKit, type Json } from '../../../test/support/shop-kit.ts';

/** A clock the test moves: 1 January 2024, noon in Amsterdam. */
const clock = { t: Date.UTC(2024, 0, 1, 11, 0), now: () => clock.t };

describe('shop API: the local profile with the built-in test checkout', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  let token: string;
  const { shop, domainRow, setDomain, checkout, paymentId, pay, webhook, outbox } = shopKit(
    () => t,
  );

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
    expect(mails[0]).toContain('€\u00a024,12');
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
    expect(mail).toContain('Je hebt €\u00a0');
    expect(mail).toContain('voor de rest van de lopende periode, tot 1 juni 2024');
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
});
