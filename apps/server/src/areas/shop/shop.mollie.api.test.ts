import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { freePort } from '../../../test/free-port.ts';
import {
  selfSignedCert,
  startMollieStandIn,
  type MollieStandIn,
} from '../../../test/mollie-stand-in.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const API_KEY = 'test_standin0123456789abcdefghij';
// The app must know its address before it starts (PUBLIC_URL goes into Mollie's webhook URL).
const APP_PORT = await freePort();
const dir = await mkdtemp(join(tmpdir(), 'haven-mollie-flow-'));
const cert = await selfSignedCert(dir);
const skip = skipWhenMissing('Mollie flow test', [!cert && 'openssl']);

/**
 * The production path: Haven talks to "Mollie" (a stand-in that answers as Mollie's API does)
 * through the official client, and the stand-in calls Haven's webhook over real HTTP, as Mollie
 * does, as often as it likes.
 */
describe.skipIf(skip)('shop with Mollie: checkout, webhook as the source of truth, return', () => {
  let standIn: MollieStandIn;
  let t: TestApp;
  const tls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

  const order = async (products: number[]) => {
    const c = await t.customer();
    const token = await t.login(c);
    const res = await t.call({
      method: 'POST',
      url: '/api/shopping/transaction',
      token,
      payload: { domain: c.domain, products },
    });
    const body = res.json<{ url: string; uuid: string }>();
    const paymentId = /select-method\/(tr_[0-9a-f]+)$/.exec(body.url ?? '')?.[1] ?? '';
    return { c, token, res, ...body, paymentId };
  };
  const outcome = async (token: string, uuid: string) =>
    (await t.call({ method: 'GET', url: `/api/shopping/transaction/${uuid}`, token })).json<
      Record<string, unknown>
    >();
  const domain = (c: TestCustomer) =>
    t.ctx.db
      .selectFrom('domains')
      .selectAll()
      .where('name', '=', c.domain)
      .executeTakeFirstOrThrow();
  const invoiceCount = async (c: TestCustomer) =>
    (
      await t.ctx.db
        .selectFrom('invoices')
        .select('number')
        .where('customer_id', '=', c.customerId)
        .execute()
    ).length;

  beforeAll(async () => {
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    standIn = await startMollieStandIn({
      ...(cert as { key: string; cert: string }),
      apiKey: API_KEY,
    });
    t = await createTestApp({
      env: {
        MOLLIE_API_KEY: API_KEY,
        MOLLIE_API_ENDPOINT: standIn.url,
        PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
      },
    });
    await t.app.listen({ port: APP_PORT, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
    if (tls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tls;
    await rm(dir, { recursive: true, force: true });
  });

  it('fulfils a paid order once, however often and however concurrently the webhook comes', async () => {
    const o = await order([1]);
    expect(o.res.statusCode).toBe(200);
    expect(o.url).toBe(`${standIn.origin}/checkout/select-method/${o.paymentId}`);
    const sent = standIn.payments.get(o.paymentId);
    expect(sent).toMatchObject({
      redirectUrl: `http://127.0.0.1:${APP_PORT}/dashboard?payment_uuid=${o.uuid}`,
      webhookUrl: `http://127.0.0.1:${APP_PORT}/api/shopping/webhook`,
      metadata: { reference: o.uuid },
      method: ['creditcard', 'ideal'],
    });
    // The test checkout does not exist when Mollie is configured.
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/pay/test/tst_00000000000000000000',
          payload: 'outcome=paid',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(404);

    // Still open at Mollie: a webhook changes nothing.
    expect(await standIn.deliverWebhook(o.paymentId)).toBe(200);
    expect((await domain(o.c)).premium).toBe(0);

    standIn.setStatus(o.paymentId, 'paid');
    const statuses = await Promise.all([
      standIn.deliverWebhook(o.paymentId),
      standIn.deliverWebhook(o.paymentId),
      standIn.deliverWebhook(o.paymentId),
    ]);
    expect(statuses).toEqual([200, 200, 200]);
    expect(await standIn.deliverWebhook(o.paymentId)).toBe(200);
    expect(await domain(o.c)).toMatchObject({ premium: 1, spamfilter: 1, ssl_premium: 0 });
    expect(await invoiceCount(o.c)).toBe(1);
    expect(await outcome(o.token, o.uuid)).toMatchObject({
      success: true,
      status: 'paid',
      products: [1],
    });
    expect(await outcome(o.token, o.uuid)).toMatchObject({ success: true, status: 'paid' });
  });

  it('reads the status from Mollie on return when the webhook has not come yet', async () => {
    const o = await order([7]);
    standIn.setStatus(o.paymentId, 'paid');
    expect(await outcome(o.token, o.uuid)).toMatchObject({ success: true, status: 'paid' });
    expect((await domain(o.c)).sitebuilder).toBe(7);
    expect(await standIn.deliverWebhook(o.paymentId)).toBe(200);
    expect(await invoiceCount(o.c)).toBe(1);
  });

  it('changes nothing for failed, cancelled or expired payments', async () => {
    for (const status of ['failed', 'canceled', 'expired']) {
      const o = await order([4]);
      standIn.setStatus(o.paymentId, status);
      expect(await standIn.deliverWebhook(o.paymentId)).toBe(200);
      expect(await outcome(o.token, o.uuid)).toMatchObject({ success: false, status });
      expect((await domain(o.c)).spamfilter).toBe(0);
      expect(await invoiceCount(o.c)).toBe(0);
    }
  });

  it('never fulfils a payment for another amount than Haven asked', async () => {
    const o = await order([7]);
    const p = standIn.payments.get(o.paymentId);
    if (p) p.amount = { currency: 'EUR', value: '0.01' };
    standIn.setStatus(o.paymentId, 'paid');
    expect(await standIn.deliverWebhook(o.paymentId)).toBe(200);
    expect(await outcome(o.token, o.uuid)).toMatchObject({ success: false, status: 'failed' });
    expect((await domain(o.c)).sitebuilder).toBe(0);
  });

  it('refuses a webhook for an unknown payment without asking Mollie', async () => {
    const before = standIn.requests.length;
    const res = await fetch(`http://127.0.0.1:${APP_PORT}/api/shopping/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=tr_unknown0001',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ custom_message: 'unknown_payment' });
    expect(standIn.requests.length).toBe(before);
  });

  it('answers payment_unavailable when Mollie refuses, and leaves the domain free to try again', async () => {
    standIn.failNextCreate = 422;
    const o = await order([4]);
    expect(o.res.statusCode).toBe(503);
    expect(o.res.json()).toEqual({ custom_message: 'payment_unavailable' });
    const again = await t.call({
      method: 'POST',
      url: '/api/shopping/transaction',
      token: o.token,
      payload: { domain: o.c.domain, products: [4] },
    });
    expect(again.statusCode).toBe(200);
  });
});
