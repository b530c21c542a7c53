import { access, readFile } from 'node:fs/promises';
import { lock } from 'proper-lockfile';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import type { NodeName } from './node-bus.port.ts';
import {
  hashNatsPassword,
  reloadNatsServer,
  writeNatsAuthorization,
  type NatsNodeCredential,
} from './nats-auth.ts';

export interface NatsNodeUsersOptions {
  /** The authorization include nats-server reads (NATS_AUTH_FILE) and its pid file. */
  authFile: string;
  pidFile: string;
  /** Where the panel keeps each node's password hash (0600, in its data dir). */
  stateFile: string;
  panel: { user: string; password: string };
  /** bcrypt's cost; tests pass the lowest. */
  cost?: number;
  /** nats-server's binary, which sends the reload signal. */
  binary?: string;
}

/**
 * The node users in nats-server's authorization, kept by the panel: each node's bcrypt hash in
 * a state file (the rendered file cannot be read back), the authorization file written from it
 * and the server reloaded on every change. One change at a time within a process.
 */
export function createNatsNodeUsers(options: NatsNodeUsersOptions) {
  let panelHash: Promise<string> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  // One change at a time here, and across processes (the panel enrols while `haven
  // node:revoke` runs): each reads the state, changes it and writes both files under the lock.
  const locked = async <T>(work: () => Promise<T>): Promise<T> => {
    const release = await lock(options.stateFile, {
      lockfilePath: `${options.stateFile}.lock`,
      realpath: false,
      stale: 30_000,
      retries: { retries: 300, minTimeout: 50, maxTimeout: 200 },
    });
    try {
      return await work();
    } finally {
      await release();
    }
  };
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(() => locked(work));
    chain = next.catch(() => undefined);
    return next;
  };

  const load = async (): Promise<NatsNodeCredential[]> => {
    try {
      return JSON.parse(await readFile(options.stateFile, 'utf8')) as NatsNodeCredential[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  const write = async (users: NatsNodeCredential[]) => {
    await writeFileAtomic(options.stateFile, `${JSON.stringify(users, null, 1)}\n`, 0o600);
    panelHash ??= hashNatsPassword(options.panel.password, options.cost);
    await writeNatsAuthorization(options.authFile, {
      panel: { user: options.panel.user, passwordHash: await panelHash },
      nodes: users,
    });
  };
  const reload = () => reloadNatsServer(options.pidFile, options.binary);
  const save = async (users: NatsNodeCredential[]) => {
    await write(users);
    await reload();
  };

  return {
    /** Gives `node` a user with this password (replacing one it had); writes and reloads. */
    issue: (node: NodeName, password: string) =>
      serial(async () => {
        const passwordHash = await hashNatsPassword(password, options.cost);
        const users = (await load()).filter((u) => u.node !== node);
        await save([...users, { node, passwordHash }]);
      }),
    /** Takes a node's user away (revoked); false when it had none. */
    remove: (node: NodeName) =>
      serial(async () => {
        const users = await load();
        const kept = users.filter((u) => u.node !== node);
        if (kept.length === users.length) return false;
        await save(kept);
        return true;
      }),
    /**
     * Writes the file when there is none yet (the panel's first start: its own user must be in
     * it before it can log in); false when it was there.
     */
    ensure: () =>
      serial(async () => {
        if (await exists(options.authFile)) return false;
        await write(await load());
        // A server not started yet reads the file when it starts.
        await reload().catch(() => undefined);
        return true;
      }),
  };
}
export type NatsNodeUsers = ReturnType<typeof createNatsNodeUsers>;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** A CA certificate to hand to nodes with their credentials (NATS_CA_FILE). */
export const readNatsCa = (path: string) => readFile(path, 'utf8');
