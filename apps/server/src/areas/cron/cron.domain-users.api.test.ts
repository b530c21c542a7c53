import { randomBytes } from 'node:crypto';
import { chmod, lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { reachableByOthers } from '../../../test/support/reachable.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const noRoot = skipWhenMissing('cron API with per-domain users', [
  process.getuid?.() !== 0 && 'root (useradd, setpriv)',
]);
// A deliberate skip, in CI too: the dropped domain user must reach the runner in the checkout,
// which it cannot inside a 0700 folder (a `mktemp -d` clone, /root).
const unreachable = !noRoot && !reachableByOthers(import.meta.dirname);
if (unreachable)
  console.warn(
    'cron API with per-domain users skipped: the checkout is in a folder others cannot enter',
  );
const skip = noRoot || unreachable;

/**
 * Run now as a root Haven with HAVEN_DOMAIN_USERS on: the runner drops to the domain's user, and
 * the standard log lands in `logs/cron/`, the user's, though `logs/` itself is root's.
 */
describe.skipIf(skip)('cron API with per-domain users (as root)', () => {
  let t: TestApp;
  let a: TestCustomer;
  let token = '';
  const prefix = `hvc${randomBytes(3).toString('hex')}-`;
  const user = `cr${randomBytes(3).toString('hex')}`;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call({ method, url, token, ...(payload ? { payload } : {}) });
  const domain = async () => {
    const row = await t.ctx.customers.domainByName(a.domain);
    if (!row) throw new Error(`no domain ${a.domain}`);
    return { id: row.id, name: row.name };
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: { HAVEN_DOMAIN_USERS: 'on', HAVEN_DOMAIN_USER_PREFIX: prefix },
    });
    await chmod(t.dataDir, 0o711); // the runner, as the domain user, passes through to its files
    a = await t.customer({ premium: true });
    token = await t.login(a);
    const res = await call('POST', `/api/${a.domain}/webhosting/webuser`, {
      name: user,
      password: 'Webuser-pass-1!',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    // The system users are machine-wide: remove what this run made.
    if (a) await t.ctx.webspace.removeHome(await domain()).catch(() => undefined);
    await t?.close();
  });

  it("runs a job now as the domain's user and writes its standard log as that user", async () => {
    const owner = await t.ctx.webspace.ensureOwner(await domain());
    if (!owner) throw new Error('no per-domain account');
    const base = `/api/${a.domain}/webhosting/cronjob/${user}`;
    const created = await call('POST', base, {
      ...{ app: 'command', name: 'whoami', script_dir: '', script_file: '' },
      ...{ command: 'id -u; id -g', logging: true, logging_mode: 'append', logging_path: '' },
      schedule: { minute: '0', hour: '3', day: '*', month: '*', dayofweek: '*' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const hash = created.json<{ hash: string }>().hash;
    const ran = await call('POST', `${base}/${hash}/run`);
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json()).toMatchObject({ exit_code: 0, output: `${owner.uid}\n${owner.gid}` });
    const logs = join(t.dataDir, 'homes', a.domain, 'logs');
    const log = join(logs, 'cron', `${hash}.log`);
    expect(await readFile(log, 'utf8')).toBe(`${owner.uid}\n${owner.gid}\n`);
    expect((await lstat(log)).uid).toBe(owner.uid);
    const st = await lstat(logs);
    expect({ uid: st.uid, gid: st.gid }).toEqual({ uid: 0, gid: owner.gid });
  });
});
