import { run } from '../../lib/process.ts';
import { applyAccess, type Access } from './access-tree.ts';

/** The groups of the services that read inside Haven's folders (ids; null: no such group). */
export interface ServiceGroups {
  /** The web account's (HAVEN_WEB_USER): nginx's workers, and PHP when there are no domain users. */
  web: number | null;
  /** Postfix's daemons read the tables and walk the queue. */
  postfix: number | null;
}

const open: Access = { open: true };
/** Root's alone, made so before the area that fills it runs (which may make it 0755). */
const own: Access = { mode: 0o700, create: true, open: true };
const ownDirs = {
  outbox: own,
  'helpdesk-attachments': own,
  ssl: own,
  dns: own,
};
const webOnly = (g: ServiceGroups, mode: number, children?: Record<string, Access>): Access => ({
  mode,
  group: g.web,
  create: true,
  ...(children ? { children } : { open: true }),
});

/**
 * The local profile's data dir. Root: 0711, since the services' accounts (nginx's workers, the
 * mail account, Postfix) and each domain's PHP must pass through it to their own folders; every
 * entry in it is root's alone unless named here, so passing through reads nothing. Not
 * root: 0700 (every service runs as Haven's own user).
 */
export function localDataDirAccess(root: boolean, g: ServiceGroups): Access {
  return {
    mode: root ? 0o711 : 0o700,
    create: true,
    children: {
      ...ownDirs,
      dkim: own,
      ftp: own,
      // Each home is its domain's (0750, webspace); the list of homes is nobody's business.
      homes: { mode: 0o711, create: true, open: true },
      web: webOnly(g, 0o710, {
        // nginx's config, certificates and own logs (root's, its master reads and writes them),
        // htpasswd (files 0640 root:web) and the workers' temp folders: no domain user enters.
        nginx: webOnly(g, 0o710),
        // The pools' sockets (each the web account's, 0660).
        run: webOnly(g, 0o710),
        acme: webOnly(g, 0o750),
      }),
      services: {
        mode: 0o711,
        create: true,
        children: {
          // Dovecot's own accounts (dovecot, dovenull, mail) use its run and state folders.
          dovecot: { mode: 0o711, children: { run: open, state: open } },
          postfix: { mode: 0o750, group: g.postfix, open: true },
        },
      },
      // Made here: the mail area's adapter would make them 0755 before Postfix's service runs.
      mail: {
        mode: 0o711,
        create: true,
        children: {
          boxes: open,
          maps: { mode: 0o750, group: g.postfix, create: true, open: true },
          passwd: open,
          masters: open,
        },
      },
      // Roundcube's tree (roundcube-files.ts): its pool's folders are its own.
      webmail: {
        mode: 0o711,
        create: true,
        children: {
          public: open,
          plugins: open,
          config: open,
          db: open,
          temp: open,
          'app-logs': open,
          // nginx's workers connect to the pool's socket; its config and pid stay root's.
          run: webOnly(g, 0o710),
        },
      },
      // cron.files.ts: 0711 with each domain's folder its own.
      cron: open,
    },
  };
}

/** The debian profile: the data dir holds the ACME answers nginx's workers serve. */
export function debianAccess(dataDir: string, g: ServiceGroups): [string, Access][] {
  const acme = webOnly(g, 0o750);
  return [
    [dataDir, { mode: 0o711, create: true, children: { ...ownDirs, acme, cron: open } }],
    ['/var/lib/haven/acme', { ...acme, create: false }],
    ['/etc/nginx/haven', { mode: 0o711, children: { htpasswd: open } }],
    ['/etc/postfix/haven', { mode: 0o750, group: g.postfix, open: true }],
  ];
}

/** A number `id -g` or `getent group` printed; null when the account or group does not exist. */
async function idOf(command: string, args: string[], field: number): Promise<number | null> {
  const res = await run(command, args, { timeoutMs: 5000 }).catch(() => null);
  const id = Number(res?.stdout.trim().split(':')[field]);
  return res?.code === 0 && res.stdout.trim() !== '' && Number.isInteger(id) ? id : null;
}

/**
 * Closes what Haven keeps to everyone but itself and the services that must read it, at each
 * start (an install from an older version is tightened; a second run changes nothing).
 */
export async function secureDataDir(
  dataDir: string,
  profile: 'local' | 'debian',
  webUser: string,
): Promise<string[]> {
  const root = process.getuid?.() === 0;
  const groups: ServiceGroups = root
    ? {
        web: await idOf('id', ['-g', webUser], 0),
        postfix: await idOf('getent', ['group', 'postfix'], 2),
      }
    : { web: null, postfix: null };
  const trees: [string, Access][] =
    profile === 'debian'
      ? debianAccess(dataDir, groups)
      : [[dataDir, localDataDirAccess(root, groups)]];
  const changes: string[] = [];
  for (const [path, access] of trees) changes.push(...(await applyAccess(path, access, root)));
  return changes;
}
