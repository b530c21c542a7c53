import { request as httpRequest, type IncomingMessage } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@haven/contract';
import { createTestApp, type TestApp, type TestCustomer } from '../../test/helper.ts';

const LIMIT = LIMITS.fairUse.expensivePerCustomer;

/**
 * Fair use (issue #17): a customer's expensive calls under way at once are capped; the next one
 * is refused before it does anything, and another customer's calls go on.
 */
describe('expensive calls per customer', () => {
  let t: TestApp;
  let base: string;
  let a: TestCustomer;
  let b: TestCustomer;
  let tokenA: string;
  let tokenB: string;
  const fm = (c: TestCustomer) => `/api/${c.domain}/webhosting/filemanager`;

  /** A download the client does not read: the server's stream stalls and keeps its slot. */
  function heldDownload(c: TestCustomer, token: string): Promise<IncomingMessage> {
    const path = `${fm(c)}/download${encodeURIComponent('/httpdocs/big.bin')}`;
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      req.once('response', (res) => {
        res.pause();
        resolve(res);
      });
      req.once('error', reject);
      req.end();
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.runner.start();
    a = await t.customer();
    b = await t.customer();
    [tokenA, tokenB] = [await t.login(a), await t.login(b)];
    for (const c of [a, b]) {
      // Far more than the socket buffers hold, so an unread download stays under way.
      await writeFile(join(t.dataDir, 'homes', c.domain, 'httpdocs/big.bin'), Buffer.alloc(64e6));
    }
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it("refuses A's call past the limit with 429 and Retry-After, changing nothing; B goes on", async () => {
    const held = await Promise.all(Array.from({ length: LIMIT }, () => heldDownload(a, tokenA)));
    expect(held.map((r) => r.statusCode)).toEqual(Array(LIMIT).fill(200));

    const size = await t.call({
      method: 'GET',
      url: `${fm(a)}/size`,
      query: { path: '/httpdocs' },
      token: tokenA,
    });
    expect(size.statusCode).toBe(429);
    expect(size.json()).toEqual({ custom_message: 'too_many_running' });
    expect(size.headers['retry-after']).toBe(String(LIMITS.fairUse.retryAfterSeconds));

    const zip = await t.call({
      method: 'POST',
      url: `${fm(a)}/zip`,
      payload: { path: '/httpdocs', files: ['big.bin'], zip: 'refused.zip' },
      token: tokenA,
    });
    expect(zip.statusCode).toBe(429);
    expect(zip.json()).toEqual({ custom_message: 'too_many_running' });
    await t.ctx.runner.idle();
    expect(existsSync(join(t.dataDir, 'homes', a.domain, 'httpdocs/refused.zip'))).toBe(false);

    // B is another customer: its expensive calls run while A's are held.
    const sizeB = await t.call({
      method: 'GET',
      url: `${fm(b)}/size`,
      query: { path: '/httpdocs' },
      token: tokenB,
    });
    expect(sizeB.statusCode).toBe(200);
    const downloadB = await heldDownload(b, tokenB);
    expect(downloadB.statusCode).toBe(200);
    downloadB.destroy();

    // A client that goes away frees its slot.
    // The server hears of the closed sockets a moment later: ask until it has.
    for (const r of held) r.destroy();
    await vi.waitFor(
      async () => {
        const again = await t.call({
          method: 'GET',
          url: `${fm(a)}/size`,
          query: { path: '/httpdocs' },
          token: tokenA,
        });
        expect(again.statusCode).toBe(200);
      },
      { timeout: 5_000, interval: 20 },
    );
  });

  it('counts every session of the customer together', async () => {
    const c = await t.customer();
    await writeFile(join(t.dataDir, 'homes', c.domain, 'httpdocs/big.bin'), Buffer.alloc(64e6));
    const [first, second] = [await t.login(c), await t.login(c)];
    const held = [
      ...(await Promise.all(Array.from({ length: LIMIT - 1 }, () => heldDownload(c, first)))),
      await heldDownload(c, second),
    ];
    expect(held.map((r) => r.statusCode)).toEqual(Array(LIMIT).fill(200));
    const refused = await heldDownload(c, second);
    expect(refused.statusCode).toBe(429);
    refused.destroy();
    for (const r of held) r.destroy();
  });
});
