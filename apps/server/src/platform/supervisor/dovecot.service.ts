import { chmod, mkdir, rename } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import { renderDovecotConf } from '../mail-server/dovecot-conf.ts';
import type { MailLayout } from '../mail-server/layout.ts';
import { ensureMailRoot, passwdOwner, vmailIds } from '../mail-server/vmail.ts';
import { fileExists, findBinary } from './binaries.ts';
import { accepts } from './health.ts';
import type { SupervisedService } from './service.ts';

export interface DovecotPorts {
  imap: number;
  lmtp: number;
  /** Haven's Postfix: Sieve's replies and redirects go out through it (else the system's sendmail). */
  smtp?: number;
}

/**
 * Dovecot in the foreground (`dovecot -F -c`) on a config under the data dir: IMAP and LMTP on
 * 127.0.0.1, users from the passwd-file the mail-server adapter writes (re-read on change, so a
 * new mailbox or password needs no reload), Maildirs owned by the mail account.
 */
export function dovecotService(
  layout: MailLayout,
  ports: DovecotPorts,
  dir: string,
): SupervisedService {
  let binary = 'dovecot';
  return {
    name: 'dovecot',
    address: `127.0.0.1:${ports.imap}`,
    reloadSignal: 'SIGHUP',
    async missing() {
      const found = await findBinary('dovecot');
      if (found) binary = found;
      if (!found || !(await fileExists('/usr/lib/dovecot/imap'))) return 'dovecot-imapd';
      if (!(await fileExists('/usr/lib/dovecot/lmtp'))) return 'dovecot-lmtpd';
      return (await fileExists('/usr/lib/dovecot/modules/lib90_sieve_plugin.so'))
        ? null
        : 'dovecot-sieve';
    },
    async prepare() {
      const ids = await vmailIds(layout.vmailUser);
      const root = process.getuid?.() === 0;
      const self = userInfo().username;
      await ensureMailRoot(layout.mailRoot, ids);
      // Dovecot's own accounts reach its run and state folders; its config and log stay root's.
      await chmod(dir, 0o711);
      // Dovecot makes its base_dir world-readable at each start; its listeners are closed instead.
      await mkdir(join(dir, 'run'), { recursive: true, mode: 0o755 });
      await mkdir(join(dir, 'state'), { recursive: true, mode: 0o750 });
      for (const file of [layout.passwdFile, layout.masterPasswdFile])
        if (!(await fileExists(file))) await writeFileAtomic(file, '', 0o640, await passwdOwner());
      const conf = renderDovecotConf({
        layout,
        dir,
        imapPort: ports.imap,
        lmtpPort: ports.lmtp,
        ...(ports.smtp ? { submissionPort: ports.smtp } : {}),
        ...ids,
        internalUser: root ? 'dovecot' : self,
        loginUser: root ? 'dovenull' : self,
      });
      // Checked before it replaces the old one.
      const next = `${layout.dovecotConf}.next`;
      await writeFileAtomic(next, conf, 0o600);
      const res = await run('doveconf', ['-n', '-c', next], { timeoutMs: 30_000 });
      if (res.code !== 0) throw new Error(`doveconf: ${res.stderr.trim()}`);
      await rename(next, layout.dovecotConf);
    },
    command: () => ({ cmd: binary, args: ['-F', '-c', layout.dovecotConf] }),
    healthy: () => accepts(ports.imap),
  };
}
