// nginx in front of the panel as docs/operations.md configures it (TLS left out), so the API mix
// can be measured the way customers reach a production panel: with the upstream connections kept
// (the documented `upstream` block) or one new connection a request (a bare `proxy_pass`, nginx's
// default: HTTP/1.0 and `Connection: close` to the panel).
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
function serverBlock(port: number, panelPort: number, mode: ProxyMode): string {
  const server = documentedNginxBlock(port, `127.0.0.1:${panelPort}`);
  if (mode === 'keepalive') return server;
  return server
    .replace(/upstream haven \{[^}]*\}/, '')
    .replace('proxy_pass http://haven;', `proxy_pass http://127.0.0.1:${panelPort};`)
    .replace(/\n\s*proxy_http_version 1\.1;/, '')
    .replace(/\n\s*proxy_set_header Connection "";/, '');
}

/** Debian's nginx on a free port in front of the panel's port, a worker per core as Debian's. */
export async function startNginxProxy(panelPort: number, mode: ProxyMode): Promise<NginxProxy> {
  const port = await freePort();
  const nginx = await startNginx(serverBlock(port, panelPort, mode), port, 'auto');
  return { port, ...nginx };
}
