import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const OPERATIONS = new URL('../../../../docs/operations.md', import.meta.url);

const DOCUMENTED_SOCKET = 'unix:/run/haven/panel.sock';

/**
 * docs/operations.md's nginx server block as an operator copies it, moved to 127.0.0.1:`port`
 * without TLS and proxying to `socket` (the panel's PROXY_SOCKET path) instead of
 * /run/haven/panel.sock: the reverse-proxy test and the API bench (`BENCH_VIA=nginx`) run exactly
 * what the document says.
 */
export function documentedNginxBlock(port: number, socket: string): string {
  const doc = readFileSync(OPERATIONS, 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block?.includes(DOCUMENTED_SOCKET)) throw new Error('docs/operations.md: no nginx block');
  return block
    .split('\n')
    .filter((line) => !/^\s*(listen|ssl_certificate|ssl_certificate_key)\s/.test(line))
    .join('\n')
    .replace(DOCUMENTED_SOCKET, `unix:${socket}`)
    .replace(/server_name [^;]+;/, `listen 127.0.0.1:${port};`);
}

/** The http-level wrapper (pid, logs and temp paths in `dir`) around a server block. */
function nginxConf(dir: string, server: string, workers: number | 'auto' = 1): string {
  return [
    `worker_processes ${workers};`,
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'daemon off;',
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${dir}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (k) => `  ${k}_temp_path ${dir}/${k};`,
    ),
    server,
    '}',
  ].join('\n');
}

export interface RunningNginx {
  /** The master's pid (its workers are its children). */
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Debian's nginx (`nginx` on PATH) with `server` in a temp prefix, once it answers
 * `/api/health` through `port` (the port the block listens on); `stop` quits it and removes the
 * prefix.
 */
export async function startNginx(
  server: string,
  port: number,
  workers: number | 'auto' = 1,
): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'haven-nginx-'));
  chmodSync(dir, 0o755); // its workers run as nobody when started by root
  writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, server, workers));
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
  for (let i = 0; i < 100; i++) {
    if (await answers()) return { pid: child.pid ?? 0, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const log = readFileSync(join(dir, 'error.log'), 'utf8');
  await stop();
  throw new Error(`nginx did not answer on ${port}: ${log}`);
}
