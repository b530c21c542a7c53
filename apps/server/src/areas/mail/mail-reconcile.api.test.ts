import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { reconcileDomains, reportLines } from '../../cli/reconcile.ts';
import type { AreaModule } from '../area.ts';
import { nodesDb } from '../../nodes/nodes.tables.ts';

const PW = 'Zeer-geheim-2026!x';

describe('haven reconcile for mail (real postmap and passwd-file)', () => {
  let t: TestApp;
  let a: TestCustomer;
  let b: TestCustomer;
  const file = (name: string) => join(t.dataDir, 'mail', name);
  const reconcile = async () => reportLines(await reconcileDomains(t.ctx));

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.customer();
    b = await t.customer();
    const token = await t.login(a);
    const res = await t.call({
      method: 'POST',
      url: `/api/${a.domain}/mail/account/address`,
      token,
      payload: {
        name: 'info',
        password: PW,
        passwordRepeat: PW,
        forwarding: { address: [] },
        alias: ['sales'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  it('finds nothing different in what the panel wrote (a new domain is served at once)', async () => {
    expect(await readFile(file('maps/domains'), 'utf8')).toContain(`${b.domain} OK`);
    expect(await reconcile()).toEqual(['nothing differed (2 domains checked)']);
  });

  it('rewrites a table and the passwd-file that differ, names their domain, then finds nothing', async () => {
    const aliases = await readFile(file('maps/aliases'), 'utf8');
    const passwd = await readFile(file('passwd'), 'utf8');
    await writeFile(file('maps/aliases'), aliases.replace(/^sales@.*\n/m, ''));
    await rm(file('maps/mailboxes.db'));
    await writeFile(file('passwd'), '');
    expect(await reconcile()).toEqual([
      `mail of ${a.domain} rewritten: Postfix mailboxes, Postfix aliases, Dovecot passwd-file`,
      '1 item repaired, 0 failed (2 domains checked)',
    ]);
    expect(await readFile(file('maps/aliases'), 'utf8')).toBe(aliases);
    expect(await readFile(file('passwd'), 'utf8')).toBe(passwd);
    expect(await reconcile()).toEqual(['nothing differed (2 domains checked)']);
  });

  it('drops the part of a domain no longer on the node (moved or deleted while it was down)', async () => {
    const db = t.ctx.database.db;
    const parts = join(t.dataDir, 'mail', 'parts');
    expect(await readdir(parts)).toContain(`${b.domain}.json`);
    await nodesDb(db)
      .insertInto('nodes')
      .values({ name: 'elsewhere', roles: 'mail', state: 'active', created_at: 1 })
      .execute();
    await db
      .updateTable('domains')
      .set({ node: 'elsewhere' })
      .where('name', '=', b.domain)
      .execute();
    try {
      // The other areas fail for it (no agent answers there): only mail's lines are looked at.
      expect(await reconcile()).toContain(`mail of ${b.domain} rewritten: Postfix domains`);
      expect(await readFile(file('maps/domains'), 'utf8')).not.toContain(b.domain);
      expect(await readdir(parts)).not.toContain(`${b.domain}.json`);
    } finally {
      await db.updateTable('domains').set({ node: null }).where('name', '=', b.domain).execute();
    }
  }, 60_000);

  it('runs what all domains share once per run, not once per domain', async () => {
    let runs = 0;
    const node: AreaModule = {
      name: 'node',
      routes: () => undefined,
      reconcileNode: async () => {
        runs += 1;
        return [];
      },
    };
    await reconcileDomains({ ...t.ctx, areas: [node] });
    expect(runs).toBe(1);
  });
});
