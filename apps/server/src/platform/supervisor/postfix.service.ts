import { chmod, chown, mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import type { MailLayout } from '../mail-server/layout.ts';
import { MILTER, renderPostfixMain, renderPostfixMaster } from '../mail-server/postfix-conf.ts';
import { fileExists, findBinary } from './binaries.ts';
import { accepts } from './health.ts';
import type { SupervisedService } from './service.ts';

export interface PostfixPorts {
  smtp: number;
  lmtp: number;
  /** Optional milter address (rspamd); empty for none. */
  milter: string;
}

/**
 * Postfix on its own config dir under the data dir (`postfix -c`), SMTP on 127.0.0.1, its master
 * run in the foreground (`master -d`). Postfix's master must start as root (it hands its daemons
 * to the `postfix` account); as another user this service fails with that reason. Its tables are
 * the ones the mail-server adapter writes; `postfix -c <dir> reload` reaches this master.
 */
export function postfixService(
  layout: MailLayout,
  ports: PostfixPorts,
  dir: string,
): SupervisedService {
  let master = '/usr/lib/postfix/sbin/master';
  const conf = layout.postfixDir;
  return {
    name: 'postfix',
    address: `127.0.0.1:${ports.smtp}`,
    reloadSignal: 'SIGHUP',
    async missing() {
      if (!(await findBinary('postfix')) || !(await findBinary('postmap'))) return 'postfix';
      const res = await run('postconf', ['-h', 'daemon_directory'], { timeoutMs: 10_000 });
      if (res.code === 0 && res.stdout.trim()) master = join(res.stdout.trim(), 'master');
      return (await fileExists(master)) ? null : 'postfix';
    },
    async prepare() {
      if (process.getuid?.() !== 0)
        throw new Error('Postfix needs Haven to run as root (its master starts as root)');
      if (!MILTER.test(ports.milter)) throw new Error(`not a milter address: ${ports.milter}`);
      await mkdir(conf, { recursive: true, mode: 0o755 });
      await mkdir(join(dir, 'queue'), { recursive: true, mode: 0o755 });
      await mkdir(join(dir, 'data'), { recursive: true, mode: 0o700 });
      const ids = await run('id', ['-u', 'postfix'], { timeoutMs: 5000 });
      const gid = Number((await run('id', ['-g', 'postfix'], { timeoutMs: 5000 })).stdout.trim());
      await chown(join(dir, 'data'), Number(ids.stdout.trim()), -1);
      // Postfix's daemons walk to the queue and read the tables; no other account (its log mixes
      // every domain's mail).
      for (const d of [dir, layout.mapsDir]) {
        await mkdir(d, { recursive: true, mode: 0o750 });
        await chown(d, 0, gid);
        await chmod(d, 0o750);
      }
      const main = renderPostfixMain({
        layout,
        dir,
        smtpPort: ports.smtp,
        lmtpPort: ports.lmtp,
        milter: ports.milter,
      });
      // Rendered into a staging dir and checked there before it replaces the live config.
      const next = `${conf}.next`;
      await mkdir(next, { recursive: true, mode: 0o755 });
      await writeFileAtomic(join(next, 'main.cf'), main);
      await writeFileAtomic(join(next, 'master.cf'), renderPostfixMaster(ports.smtp));
      // Before the first mailbox: empty tables, so Postfix starts (and rejects every recipient).
      await mkdir(layout.mapsDir, { recursive: true, mode: 0o755 });
      for (const name of ['domains', 'mailboxes', 'aliases', 'transport']) {
        const file = join(layout.mapsDir, name);
        if (await fileExists(`${file}.db`)) continue;
        await writeFileAtomic(file, '');
        const res = await run('postmap', ['-c', next, `hash:${file}`], { timeoutMs: 30_000 });
        if (res.code !== 0) throw new Error(`postmap ${name}: ${res.stderr.trim()}`);
      }
      // Also creates the queue folders with their owners.
      const check = await run('postfix', ['-c', next, 'check'], { timeoutMs: 60_000 });
      if (check.code !== 0) throw new Error(`postfix check: ${check.stderr.trim()}`);
      for (const f of ['main.cf', 'master.cf']) await rename(join(next, f), join(conf, f));
    },
    command: () => ({ cmd: master, args: ['-d', '-c', conf] }),
    healthy: () => accepts(ports.smtp),
  };
}
