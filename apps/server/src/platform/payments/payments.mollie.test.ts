import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  selfSignedCert,
  startMollieStandIn,
  type MollieStandIn,
} from '../../../test/mollie-stand-in.ts';
import { createMolliePayments } from './payments.mollie.ts';
import { centsToValue, PaymentProviderError, valueToCents } from './payments.port.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const API_KEY = 'test_standin0123456789abcdefghij';
const dir = await mkdtemp(join(tmpdir(), 'haven-mollie-'));
const cert = await selfSignedCert(dir);
const skip = skipWhenMissing('Mollie adapter test', [!cert && 'openssl']);

describe('amounts', () => {
  it("converts cents to Mollie's two-decimal value and back", () => {
    expect([centsToValue(1), centsToValue(2412), centsToValue(100000)]).toEqual([
      '0.01',
      '24.12',
      '1000.00',
    ]);
    expect([valueToCents('24.12'), valueToCents('0.01')]).toEqual([2412, 1]);
    expect(
      [valueToCents('24.1'), valueToCents('-1.00'), valueToCents('1e3')].every(Number.isNaN),
    ).toBe(true);
  });
});

describe.skipIf(skip)('Mollie adapter against a local stand-in of the Payments API', () => {
  let standIn: MollieStandIn;
  const tls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

  beforeAll(async () => {
    // The official client pins its own CA bundle; the stand-in's certificate is self-signed.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    standIn = await startMollieStandIn({
      ...(cert as { key: string; cert: string }),
      apiKey: API_KEY,
    });
  });
  afterAll(async () => {
    await standIn.close();
    if (tls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tls;
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a card/iDEAL payment and reads it back', async () => {
    const mollie = createMolliePayments({ apiKey: API_KEY, apiEndpoint: standIn.url });
    const created = await mollie.createPayment({
      amountCents: 2412,
      description: 'voorbeeld.nl: Premium hosting',
      redirectUrl: 'http://panel.test/dashboard?payment_uuid=u1',
      webhookUrl: 'http://panel.test/api/shopping/webhook',
      reference: 'u1',
      language: 'nl',
    });
    expect(created.id).toMatch(/^tr_/);
    expect(created.checkoutUrl).toBe(`${standIn.origin}/checkout/select-method/${created.id}`);
    expect(standIn.creates.at(-1)).toEqual({
      amount: { currency: 'EUR', value: '24.12' },
      description: 'voorbeeld.nl: Premium hosting',
      redirectUrl: 'http://panel.test/dashboard?payment_uuid=u1',
      webhookUrl: 'http://panel.test/api/shopping/webhook',
      metadata: { reference: 'u1' },
      method: ['creditcard', 'ideal'],
      locale: 'nl_NL',
    });
    expect(await mollie.getPayment(created.id)).toEqual({
      id: created.id,
      status: 'open',
      amountCents: 2412,
      currency: 'EUR',
      reference: 'u1',
    });
    standIn.setStatus(created.id, 'paid');
    expect((await mollie.getPayment(created.id))?.status).toBe('paid');
  });

  it('sends the order as idempotency key, so a retried create makes no second payment', async () => {
    const mollie = createMolliePayments({ apiKey: API_KEY, apiEndpoint: standIn.url });
    const input = {
      amountCents: 100,
      description: 'x',
      redirectUrl: 'http://panel.test/',
      webhookUrl: 'http://panel.test/h',
      reference: 'same-order',
      language: 'en' as const,
    };
    const one = await mollie.createPayment(input);
    const two = await mollie.createPayment(input);
    expect(two.id).toBe(one.id);
    expect(standIn.creates.at(-1)).toMatchObject({ locale: 'en_US' });
  });

  it('answers null for an unknown payment and a provider error for a refusal', async () => {
    const mollie = createMolliePayments({ apiKey: API_KEY, apiEndpoint: standIn.url });
    expect(await mollie.getPayment('tr_doesnotexist')).toBeNull();
    const wrongKey = createMolliePayments({
      apiKey: 'test_wrongkey0123456789abcdefghij',
      apiEndpoint: standIn.url,
    });
    await expect(wrongKey.getPayment('tr_x')).rejects.toBeInstanceOf(PaymentProviderError);
    standIn.failNextCreate = 422;
    await expect(
      mollie.createPayment({
        amountCents: 100,
        description: 'x',
        redirectUrl: 'http://panel.test/',
        webhookUrl: 'http://panel.test/h',
        reference: 'r9',
        language: 'nl',
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
