import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestApp, TestCustomer } from '../helper.ts';

export type Json = Record<string, unknown>;

/** Calls the shop API tests share: carts, the local test checkout, the webhook and the outbox. */
export function shopKit(app: () => TestApp) {
  const t = { call: (...a: Parameters<TestApp['call']>) => app().call(...a) };
  // The specs' paths: the domain travels as a query parameter (GET) or a body field (POST).
  const shop = (c: TestCustomer, rest: string) => `/api/shopping${rest}?domain=${c.domain}`;
  const domainRow = (c: TestCustomer) =>
    app()
      .ctx.db.selectFrom('domains')
      .selectAll()
      .where('name', '=', c.domain)
      .executeTakeFirstOrThrow();
  const setDomain = async (c: TestCustomer, set: Json) => {
    await app().ctx.db.updateTable('domains').set(set).where('name', '=', c.domain).execute();
    app().ctx.customers.domainsChanged();
  };
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
    const dir = join(app().dataDir, 'outbox');
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
  return { shop, domainRow, setDomain, checkout, paymentId, pay, webhook, outbox };
}
