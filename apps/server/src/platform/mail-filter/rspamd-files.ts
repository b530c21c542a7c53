import { access, cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import type { DkimKey } from './dkim-keys.ts';
import {
  DEBIAN_RSPAMD_PLUGINS,
  LEAN_PLUGINS,
  rspamdArgs,
  rspamdLayout,
  renderLeanConf,
  type RspamdLayout,
  type RspamdProfile,
} from './rspamd-layout.ts';
import {
  renderBase,
  renderDkimSigning,
  renderSettings,
  renderWorkers,
  type MailboxSpamSettings,
  type RspamdPorts,
} from './rspamd-render.ts';

export class FilterRejectedError extends Error {
  readonly code = 'filter_rejected';
}

/** Why `rspamadm configtest` refuses the config in `layout`, or null. */
export async function checkRspamd(
  layout: RspamdLayout,
  profile: RspamdProfile,
): Promise<string | null> {
  const args = rspamdArgs(layout, profile);
  const config = args.slice(-2);
  const result = await run('rspamadm', [...args.slice(0, -2), 'configtest', ...config], {
    timeoutMs: 120_000,
  });
  if (result.code === 0 && /syntax OK/.test(result.stdout)) return null;
  return (result.stderr + result.stdout).trim().split('\n').slice(-5).join('\n');
}

/**
 * Checks the new files with `rspamadm configtest` on a copy of the config dir, then replaces
 * each atomically: a config rspamd refuses never reaches the running filter.
 */
export async function writeRspamdFiles(
  layout: RspamdLayout,
  files: Record<string, string>,
  profile: RspamdProfile,
): Promise<void> {
  await mkdir(layout.confDir, { recursive: true, mode: 0o700 });
  const stage = await mkdtemp(join(layout.dir, '.stage-'));
  try {
    const staged = rspamdLayout(stage);
    await cp(layout.confDir, staged.confDir, { recursive: true });
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(staged.confDir, name)), { recursive: true });
      await writeFile(join(staged.confDir, name), text);
    }
    await mkdir(staged.dbDir, { recursive: true });
    await mkdir(staged.runDir, { recursive: true });
    const problem = await checkRspamd(staged, profile);
    if (problem) throw new FilterRejectedError(`rspamadm configtest: ${problem}`);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(layout.confDir, name)), { recursive: true, mode: 0o700 });
    await writeFileAtomic(join(layout.confDir, name), text, 0o600);
  }
}

/** Every file of the node's rspamd: workers, base options, DKIM keys and mailbox settings. */
export function rspamdFiles(input: {
  ports: RspamdPorts;
  redis: string | null;
  dkim: readonly DkimKey[];
  mailboxes: readonly MailboxSpamSettings[];
}): Record<string, string> {
  return {
    ...renderWorkers(input.ports),
    ...renderBase(input.redis),
    'local.d/dkim_signing.conf': renderDkimSigning(input.dkim),
    'local.d/settings.conf': renderSettings(input.mailboxes),
    'lean.conf': renderLeanConf(),
  };
}

/** The customer part only (what the mail area changes): DKIM domains and mailbox settings. */
export async function writeMailRules(
  layout: RspamdLayout,
  profile: RspamdProfile,
  dkim: readonly DkimKey[],
  mailboxes: readonly MailboxSpamSettings[],
): Promise<void> {
  await writeRspamdFiles(
    layout,
    {
      'local.d/dkim_signing.conf': renderDkimSigning(dkim),
      'local.d/settings.conf': renderSettings(mailboxes),
    },
    profile,
  );
}

/** Creates the first config (no domains, no mailboxes yet) unless one is there. */
export async function ensureRspamdConfig(
  layout: RspamdLayout,
  profile: RspamdProfile,
  ports: RspamdPorts,
  redis: string | null,
): Promise<void> {
  for (const d of [layout.dbDir, layout.runDir]) await mkdir(d, { recursive: true, mode: 0o700 });
  const plugins = join(layout.confDir, 'plugins');
  await mkdir(plugins, { recursive: true, mode: 0o700 });
  for (const p of LEAN_PLUGINS)
    await symlink(join(DEBIAN_RSPAMD_PLUGINS, `${p}.lua`), join(plugins, `${p}.lua`)).catch(
      (error: unknown) => {
        if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      },
    );
  const base = rspamdFiles({ ports, redis, dkim: [], mailboxes: [] });
  const keep = ['local.d/dkim_signing.conf', 'local.d/settings.conf'];
  // The customer files are the mail area's: a restart never empties them.
  for (const k of keep)
    if (
      await access(join(layout.confDir, k)).then(
        () => true,
        () => false,
      )
    )
      delete base[k];
  await writeRspamdFiles(layout, base, profile);
}
