import { execFileSync } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const isRoot = process.getuid?.() === 0;

/** The account FTP users act as when Haven is root (HAVEN_WEB_USER, default www-data). */
function webAccount(): { uid: number; gid: number } {
  const user = process.env.HAVEN_WEB_USER?.trim() || 'www-data';
  return {
    uid: Number(execFileSync('id', ['-u', user]).toString()),
    gid: Number(execFileSync('id', ['-g', user]).toString()),
  };
}

describe.skipIf(skipWhenMissing('folder owner test', [!isRoot && 'root']))(
  'folders Haven makes for a customer belong to the domain user (Haven as root)',
  () => {
    let t: TestApp;
    let a: TestCustomer;
    let token: string;
    const call = (url: string, payload: object) =>
      t.call({ method: 'POST', url: `/api/${a.domain}/webhosting${url}`, token, payload });
    const home = () => join(t.dataDir, 'homes', a.domain);
    const owner = async (rel: string) => {
      const s = await stat(join(home(), rel));
      return { uid: s.uid, gid: s.gid };
    };
    /** Writes a file as the web account would over FTP (pure-ftpd runs the session as that uid). */
    const writeAs = (rel: string) => {
      const { uid, gid } = webAccount();
      execFileSync('touch', [join(home(), rel, 'uploaded.txt')], { uid, gid });
    };

    beforeAll(async () => {
      t = await createTestApp();
      a = await t.customer();
      token = await t.login(a);
      // The test's data dir is private to root (mkdtemp); a real one is reachable for the web user.
      await chmod(t.dataDir, 0o755);
      await chmod(join(t.dataDir, 'homes'), 0o755);
    });
    afterAll(() => t.close());

    it("gives a new subdomain's document root (without an FTP user of its own) to the domain user", async () => {
      const res = await call('/subdomain', { name: 'shop', phpHandlerId: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(await owner('subdomains/shop')).toEqual(webAccount());
      expect(await owner('httpdocs')).toEqual(webAccount());
      writeAs('subdomains/shop');
      expect((await owner('subdomains/shop/uploaded.txt')).uid).toBe(webAccount().uid);
    });

    it('gives a protected directory, and each folder made on the way, to the domain user', async () => {
      const res = await call('/protected-directory', {
        subdomain: 'shop',
        name: 'members/area',
        description: 'Leden',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await owner('subdomains/shop/members')).toEqual(webAccount());
      expect(await owner('subdomains/shop/members/area')).toEqual(webAccount());
      writeAs('subdomains/shop/members/area');
      expect((await owner('subdomains/shop/members/area/uploaded.txt')).uid).toBe(webAccount().uid);
    });
  },
);
