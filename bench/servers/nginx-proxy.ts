// nginx in front of the panel as docs/operations.md configures it (TLS left out), so the API mix
// can be measured the way customers reach a production panel: with the upstream connections kept
// (the documented `upstream` block) or one new connection a request (a bare `proxy_pass`, nginx's
// default: HTTP/1.0 and `Connection: close` to the panel).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './panel.ts';

export type ProxyMode = 'keepalive' | 'close';

export interface NginxProxy {
  port: number;
  /** The master's pid: its workers are its children (their CPU is read as the tree's). */
  pid: number;
  stop: () => Promise<void>;
}

/** The server block of docs/operations.md, on 127.0.0.1 without TLS; `close` leaves out the upstream. */
function config(dir: string, port: number, panelPort: number, mode: ProxyMode): string {
  const upstream =
    mode === 'keepalive' ? `upstream haven { server 127.0.0.1:${panelPort}; keepalive 32; }` : '';
  const target = mode === 'keepalive' ? 'http://haven' : `http://127.0.0.1:${panelPort}`;
  const kept =
    mode === 'keepalive' ? 'proxy_http_version 1.1; proxy_set_header Connection "";' : '';
  return `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${upstream}
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${target};
      ${kept}
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
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
