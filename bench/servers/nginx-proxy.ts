// nginx in front of the panel as docs/operations.md configures it (TLS left out), so the API mix
// can be measured the way customers reach a production panel: with the upstream connections kept
// (the documented `upstream` block, to the panel's proxy socket) or one new connection a request (a bare `proxy_pass`, nginx's
// default: HTTP/1.0 and `Connection: close` to the panel).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentedNginxBlock, startNginx } from '../../apps/server/test/support/nginx-block.ts';
import { freePort } from './panel.ts';

export type ProxyMode = 'keepalive' | 'close';

export interface NginxProxy {
  port: number;
  /** The master's pid: its workers are its children (their CPU is read as the tree's). */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * operations.md's server block (TLS left out); `close` turns it into a bare `proxy_pass` to the
 * panel (no upstream block, nginx's HTTP/1.0 with a connection a request).
 */
function serverBlock(port: number, socket: string, mode: ProxyMode): string {
  const server = documentedNginxBlock(port, socket);
  if (mode === 'keepalive') return server;
  return server
    .replace(/upstream haven \{[^}]*\}/, '')
    .replace('proxy_pass http://haven;', `proxy_pass http://unix:${socket}:;`)
    .replace(/\n\s*proxy_http_version 1\.1;/, '')
    .replace(/\n\s*proxy_set_header Connection "";/, '');
}

/**
 * The panel's PROXY_SOCKET settings for nginx in front: a socket in a folder nginx's workers can
 * enter (they run as nobody when root starts nginx, hence the group), and `remove` for afterwards.
 */
export function proxySocketEnv(): {
  env: Record<string, string>;
  path: string;
  remove: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'haven-bench-run-'));
  chmodSync(dir, 0o755);
  const path = join(dir, 'panel.sock');
  const env: Record<string, string> = { PROXY_SOCKET: path };
  if (process.getuid?.() === 0) env.PROXY_SOCKET_GROUP = 'nogroup';
  return {
    env,
    path,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Debian's nginx on a free port in front of the panel's proxy socket, a worker per core as Debian's. */
export async function startNginxProxy(socket: string, mode: ProxyMode): Promise<NginxProxy> {
  const port = await freePort();
  const nginx = await startNginx(serverBlock(port, socket, mode), port, 'auto');
  return { port, ...nginx };
}
