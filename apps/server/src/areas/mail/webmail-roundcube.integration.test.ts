import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.ts';
import { createTestApp, type TestApp, type TestCustomer } from '../../../test/helper.ts';
import { mailClient } from '../../../test/support/mail-client.ts';
import { roundcubeClient } from '../../../test/support/roundcube-client.ts';
import { startWebmailNode, type WebmailNode } from '../../../test/support/webmail-node.ts';
import { run } from '../../lib/process.ts';
import { fileExists, findBinary } from '../../platform/supervisor/binaries.ts';
import { WEBMAIL_ACCOUNT } from '../../platform/supervisor/roundcube.service.ts';
import { ROUNDCUBE, roundcubeLayout } from '../../platform/webmail/roundcube-layout.ts';
import { addMailboxes } from '../../../test/support/mailboxes.ts';
import { skipWhenMissing } from '../../../test/support/missing-tools.ts';

const need = ['postfix', 'postmap', 'dovecot', 'nginx'];
const missing = [
  ...(await Promise.all(need.map(async (b) => ((await findBinary(b)) ? null : b)))),
  (await fileExists(ROUNDCUBE.index)) ? null : 'roundcube-core',
].filter((b) => b !== null);
const skip = skipWhenMissing('webmail (Roundcube) test', [
  ...missing,
  process.getuid?.() !== 0 && 'root',
]);

const PW = 'Zeer-geheim-2026!x';
const REFUSED = 'This webmail link is no longer valid';

// Issue #23: the panel's link opens Roundcube signed in to that mailbox, once, within 60 s.
describe.skipIf(skip)('webmail single sign-on into Roundcube', () => {
  let t: TestApp;
  let c: TestCustomer;
  let token: string;
  let node: WebmailNode;
  let offset = 0;
  const at = (local: string) => `${local}@${c.domain}`;

  beforeAll(async () => {
    const began = Date.now();
    const webmailPort = await freePort();
    t = await createTestApp({
      env: { HAVEN_WEBMAIL_URL: `http://127.0.0.1:${webmailPort}/` },
      clock: { now: () => Date.now() + offset },
    });
    const panel = await t.app.listen({ port: 0, host: '127.0.0.1' });
    c = await t.customer();
    token = await t.login(c);
    node = await startWebmailNode(t.ctx.config, panel, webmailPort);
    await addMailboxes(t, c, token, ['anna', 'bob'], PW);
    const client = mailClient(node.ports);
    await client.send(at('anna'), 'Voor anna alleen');
    await client.send(at('bob'), 'Voor bob alleen');
    await client.inbox(at('anna'), PW, 1);
    await client.inbox(at('bob'), PW, 1);
    console.info(`webmail node and mail ready in ${Date.now() - began} ms`);
  }, 120_000);
  afterAll(async () => {
    await node?.supervisor.stop();
    await t?.close();
  });

  const link = async (name: string) => {
    const res = await t.call({
      method: 'POST',
      url: `/api/${c.domain}/mail/account/address/${name}/webmail`,
      token,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { url: string }).url;
  };

  it("opens the chosen mailbox's inbox, and only that one", async () => {
    const url = await link('anna');
    expect(url.startsWith(node.url)).toBe(true);
    const browser = roundcubeClient();
    const began = Date.now();
    const page = await browser.get(url);
    console.info(`sign-on to the inbox page: ${Date.now() - began} ms`);
    expect(page.status).toBe(200);
    // The token was in the first URL only: the redirect goes to the inbox without it.
    expect(page.url).not.toContain('_haven_sso');
    expect(page.url).toContain('_task=mail');
    expect(page.body).toContain(at('anna'));
    const list = await browser.inboxList(node.url, page.body);
    expect(list).toContain('Voor anna alleen');
    expect(list).not.toContain('Voor bob alleen');
  }, 60_000);

  it('refuses the same link a second time, a made-up token and an expired one', async () => {
    const url = await link('bob');
    expect((await roundcubeClient().get(url)).body).toContain(at('bob'));
    for (const again of [url, `${node.url}?_haven_sso=${'A'.repeat(43)}`]) {
      const browser = roundcubeClient();
      const page = await browser.get(again);
      expect(page.body).toContain(REFUSED);
      expect(page.body).toContain('"task":"login"');
      // No session: the list call answers with Roundcube's session error, no messages.
      const list = await browser.inboxList(node.url, page.body);
      expect(list).toContain('session_error');
      expect(list).not.toContain('Voor ');
    }
    const late = await link('anna');
    offset = 61_000;
    try {
      const page = await roundcubeClient().get(late);
      expect(page.body).toContain(REFUSED);
      expect(page.body).not.toContain(at('anna'));
    } finally {
      offset = 0;
    }
  }, 60_000);

  it("still takes a mailbox's own password on its login form, never the master user", async () => {
    const person = roundcubeClient();
    const page = await person.loginForm(node.url, at('bob'), PW);
    expect(await person.inboxList(node.url, page.body)).toContain('Voor bob alleen');
    const l = roundcubeLayout(t.dataDir);
    const master = (await readFile(l.masterSecret, 'utf8')).trim();
    const intruder = roundcubeClient();
    const refused = await intruder.loginForm(node.url, `${at('anna')}*haven`, master);
    expect(refused.body).toContain('"task":"login"');
    expect(await intruder.inboxList(node.url, refused.body)).not.toContain('Voor anna');
  }, 30_000);

  it('keeps its secrets, its code and the tokens to itself', async () => {
    const l = roundcubeLayout(t.dataDir);
    const gid = Number((await run('id', ['-g', WEBMAIL_ACCOUNT])).stdout.trim());
    for (const file of [l.ssoConfig, join(l.configDir, 'config.inc.php')]) {
      const st = await stat(file);
      expect([st.mode & 0o777, st.uid, st.gid]).toEqual([0o640, 0, gid]);
    }
    const secret = await stat(l.masterSecret);
    expect([secret.mode & 0o777, secret.uid]).toEqual([0o600, 0]);
    // The pool's account is in no other group: no customer's home (0750, its own group) opens.
    expect((await run('id', ['-Gn', WEBMAIL_ACCOUNT])).stdout.trim()).toBe(WEBMAIL_ACCOUNT);
    for (const path of [
      'plugins/haven_sso/haven_sso.php',
      'plugins/haven_sso/localization/en_US.inc',
      'config/config.inc.php',
      'program/include/iniset.php',
      '.htaccess',
    ])
      expect([path, (await fetch(new URL(path, node.url))).status]).toEqual([path, 403]);
    const log = await readFile(join(l.logDir, 'access.log'), 'utf8');
    expect(log).toContain('GET /index.php ');
    expect(log).not.toContain('_haven_sso');
    // Roundcube ran within its open_basedir and without PHP errors.
    const errors = await readFile(join(l.appLogDir, 'errors.log'), 'utf8').catch(() => '');
    const php = await readFile(join(l.appLogDir, 'php-error.log'), 'utf8').catch(() => '');
    expect(`${errors}${php}`).not.toMatch(/open_basedir|PHP (Fatal|Warning)/);
  }, 30_000);
});
