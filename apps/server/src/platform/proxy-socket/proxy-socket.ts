import { chmod, chown, lstat, mkdir, unlink } from 'node:fs/promises';
import type { Server as HttpServer } from 'node:http';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { run } from '../../lib/process.ts';

export interface ProxySocket {
  /** Stops accepting on the socket and removes its file; open connections end with the server. */
  close(): Promise<void>;
}

/** The group's id from the system's group database (getent: /etc/group, LDAP, ...). */
async function groupId(name: string): Promise<number> {
  const res = await run('getent', ['group', name], { timeoutMs: 5000 });
  const gid = Number(res.stdout.split(':')[2]);
  if (res.code !== 0 || !Number.isInteger(gid))
    throw new Error(`PROXY_SOCKET_GROUP: no group ${name}`);
  return gid;
}

/** Removes a socket file a stopped panel left behind; anything else at `path` is refused. */
async function clearStale(path: string): Promise<void> {
  const found = await lstat(path).catch(() => null);
  if (!found) return;
  if (!found.isSocket()) throw new Error(`PROXY_SOCKET: ${path} exists and is not a socket`);
  await unlink(path);
}

/**
 * A Unix socket at `path` as a second way into `server` (the panel's HTTP server, which already
 * listens on its TCP port): its connections are handed to the same server, so they share its
 * routes, timeouts and graceful close. The file gets mode 0660 and, with `group`, that group, so
 * only root and the group's members (nginx's workers) can connect: under the default umask
 * (022) nobody else has the write permission a connect needs in the moment before the chmod.
 */
export async function listenProxySocket(
  server: HttpServer,
  path: string,
  group: string | undefined,
): Promise<ProxySocket> {
  const gid = group === undefined ? undefined : await groupId(group);
  await mkdir(dirname(path), { recursive: true, mode: 0o755 });
  await clearStale(path);
  const socketServer = createServer((connection) => server.emit('connection', connection));
  await new Promise<void>((resolve, reject) => {
    socketServer.once('error', reject);
    socketServer.listen(path, () => {
      socketServer.off('error', reject);
      resolve();
    });
  });
  try {
    if (gid !== undefined) await chown(path, -1, gid);
    await chmod(path, 0o660);
  } catch (error) {
    socketServer.close();
    throw error;
  }
  return {
    close: () => {
      // Stops listening and removes the file at once (libuv unlinks it); the connections belong to
      // the HTTP server, whose own close ends them: waiting for them here would wait out nginx's
      // kept connections.
      socketServer.close();
      return Promise.resolve();
    },
  };
}
