import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { freePort } from '../../../test/free-port.ts';

describe('databases API without a MariaDB server', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port just handed out free and closed again: nothing listens there.
    t = await createTestApp({ env: { MARIADB_URL: `mysql://root@127.0.0.1:${await freePort()}` } });
  });
  afterAll(() => t.close());

  it('shows the panel state as unavailable, refuses changes with unavailable, and the rest of the panel works', async () => {
    const c = await t.customer();
    const token = await t.login(c);
    const list = await t.call({
      method: 'GET',
      url: `/api/${c.domain}/webhosting/database`,
      token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      prefix: null,
      max_databases: 5,
      available: false,
      databases: [],
    });
    const create = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/webhosting/database`,
      token,
      payload: { name: 'shop' },
    });
    expect(create.statusCode).toBe(503);
    expect(create.json()).toEqual({ custom_message: 'unavailable' });
    expect((await t.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
  });
});
