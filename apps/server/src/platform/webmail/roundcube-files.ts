import { DatabaseSync } from 'node:sqlite';
import {
  chmod,
  chown,
  cp,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
} from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { fileExists } from '../supervisor/binaries.ts';
import { ROUNDCUBE, type RoundcubeLayout } from './roundcube-layout.ts';

/** The account Roundcube's pool runs as (ids); null when Haven is not root (no switching). */
export type PoolAccount = { uid: number; gid: number } | null;

/** haven_sso as shipped in the repo (apps/server/assets), from the sources or the bundle. */
export function pluginSource(): string {
  const bundled = !import.meta.url.endsWith('.ts');
  const up = bundled ? '../assets/roundcube/haven_sso' : '../../../assets/roundcube/haven_sso';
  return fileURLToPath(new URL(up, import.meta.url));
}

async function dir(path: string, mode: number, owner: PoolAccount, own = false): Promise<void> {
  await mkdir(path, { recursive: true, mode });
  await chmod(path, mode);
  if (owner) await chown(path, own ? owner.uid : 0, own ? owner.gid : owner.gid);
}

/** A link at `path` to `target`, replaced when it points elsewhere. */
async function link(target: string, path: string): Promise<void> {
  if ((await readlink(path).catch(() => null)) === target) return;
  await rm(path, { recursive: true, force: true });
  await symlink(target, path);
}

/**
 * The tree Roundcube runs from, all Haven's: root's dirs, readable by the web account (public,
 * plugins) or the pool's group only (config); the pool owns only its state (db, temp, its logs).
 */
export async function ensureRoundcubeTree(l: RoundcubeLayout, pool: PoolAccount): Promise<void> {
  await dir(l.base, 0o711, null);
  await dir(l.publicDir, 0o755, null);
  await dir(l.pluginsDir, 0o755, null);
  // Root opens the logs (every customer's webmail requests); nginx's workers reach the socket
  // through the web account's group (platform/data-dir), not the config or pid beside it.
  await dir(l.logDir, 0o700, null);
  await dir(join(l.fpmConf, '..'), 0o710, null);
  await dir(l.configDir, pool ? 0o750 : 0o700, pool);
  for (const d of [l.dbDir, l.tempDir, l.appLogDir]) await dir(d, 0o700, pool, true);
  await link(ROUNDCUBE.publicProgram, join(l.publicDir, 'program'));
  await link(ROUNDCUBE.skins, join(l.publicDir, 'skins'));
  await link(l.pluginsDir, join(l.publicDir, 'plugins'));
  await link(ROUNDCUBE.defaults, join(l.configDir, 'defaults.inc.php'));
  for (const name of await readdir(ROUNDCUBE.plugins))
    if (name !== 'haven_sso') await link(join(ROUNDCUBE.plugins, name), join(l.pluginsDir, name));
  // A copy, not a link: served from Haven's dir, whatever the checkout's permissions are.
  const plugin = join(l.pluginsDir, 'haven_sso');
  const next = `${plugin}.next`;
  await rm(next, { recursive: true, force: true });
  await cp(pluginSource(), next, { recursive: true });
  await rm(plugin, { recursive: true, force: true });
  await rename(next, plugin);
}

/** A config file the pool reads and nobody else: 0640 root:<pool group> (0600 without root). */
export async function writeSecretConfig(
  path: string,
  content: string,
  pool: PoolAccount,
): Promise<void> {
  await writeFileAtomic(
    path,
    content,
    pool ? 0o640 : 0o600,
    pool ? { uid: 0, gid: pool.gid } : undefined,
  );
}

/**
 * Roundcube's database on the first start, from Debian's schema (what dbconfig-common would
 * run), made aside and renamed so a half-made one never stays behind; the pool owns it.
 */
export async function ensureRoundcubeDb(l: RoundcubeLayout, pool: PoolAccount): Promise<void> {
  if (await fileExists(l.dbFile)) return;
  const tmp = `${l.dbFile}.new`;
  await rm(tmp, { force: true });
  const db = new DatabaseSync(tmp);
  try {
    db.exec(await readFile(ROUNDCUBE.sqliteSchema, 'utf8'));
  } finally {
    db.close();
  }
  await chmod(tmp, 0o600);
  if (pool) await chown(tmp, pool.uid, pool.gid);
  await rename(tmp, l.dbFile);
}
