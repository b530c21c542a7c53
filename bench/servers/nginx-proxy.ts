// nginx in front of the panel as docs/operations.md configures it (TLS left out), so the API mix
// can be measured the way customers reach a production panel: with the upstream connections kept
// (the documented `upstream` block) or one new connection a request (a bare `proxy_pass`, nginx's
// default: HTTP/1.0 and `Connection: close` to the panel).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentedNginxBlock, nginxConf } from '../../apps/server/test/support/nginx-block.ts';
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
function config(dir: string, port: number, panelPort: number, mode: ProxyMode): string {
  let server = documentedNginxBlock(port, `127.0.0.1:${panelPort}`);
  if (mode === 'close')
    server = server
      .replace(/upstream haven \{[^}]*\}/, '')
      .replace('proxy_pass http://haven;', `proxy_pass http://127.0.0.1:${panelPort};`)
      .replace(/\n\s*proxy_http_version 1\.1;/, '')
      .replace(/\n\s*proxy_set_header Connection "";/, '');
  return nginxConf(dir, server, 'auto');
}

async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`);
    return true;
  } catch {
    return false;
  }
}

/** Starts `/usr/sbin/nginx` (Debian's package) on a free port in front of the panel's port. */
export async function startNginxProxy(panelPort: number, mode: ProxyMode): Promise<NginxProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'haven-bench-nginx-'));
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), config(dir, port, panelPort, mode));
  const child: ChildProcess = spawn('/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 50 && !(await answers(port)); i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (!(await answers(port))) throw new Error(`nginx did not start (see ${dir}/error.log)`);
  return {
    port,
    pid: child.pid ?? 0,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
