import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartStatus, Pricing, Product } from '@haven/contract';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { shopKit, type Json } from '../../../test/support/shop-kit.ts';

/** A clock the test moves: 1 January 2024, noon in Amsterdam. */
const clock = { t: Date.UTC(2024, 0, 1, 11, 0), now: () => clock.t };

describe('shop API: more orders, each by a customer of its own', () => {
  let t: TestApp;
  const { shop, domainRow, setDomain, checkout, paymentId, pay, outbox } = shopKit(() => t);

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

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

    const { invoices, pdf } = await invoicesAndFirstPdf(tk);
    expect(invoices).toHaveLength(1);
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
    const tk = await t.login(c);
    try {
      expect(await domainRow(c)).toMatchObject({ sitebuilder: 7, billing_anchor: '2023-08-04' });
      const { invoices, pdf } = await invoicesAndFirstPdf(tk);
      expect(invoices).toHaveLength(1);
      expect(pdf.statusCode).toBe(200);
    } finally {
      await dropDemoDatabases(c.domain, tk);
    }
  });

  /** The customer's invoices, and the PDF of the first. */
  async function invoicesAndFirstPdf(token: string) {
    const { invoices } = (await t.call({ method: 'GET', url: '/api/invoice', token })).json<{
      invoices: { number: string }[];
    }>();
    const url = `/api/invoice/${invoices[0]?.number ?? ''}/pdf`;
    return { invoices, pdf: await t.call({ method: 'GET', url, token }) };
  }

  /**
   * The demo seed made a real database and user on the machine's MariaDB (when it answers), which
   * outlive the test app: deleted through the panel, as the customer would.
   */
  async function dropDemoDatabases(domain: string, token: string): Promise<void> {
    const url = `/api/${domain}/webhosting/database`;
    const { databases } = (await t.call({ method: 'GET', url, token })).json<{
      databases: { name: string }[];
    }>();
    for (const { name } of databases) {
      const res = await t.call({ method: 'DELETE', url: `${url}/${name}`, token });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
});
