import { readFileSync } from 'node:fs';

const OPERATIONS = new URL('../../../../docs/operations.md', import.meta.url);

/**
 * docs/operations.md's nginx server block as an operator copies it, moved to 127.0.0.1:`port`
 * without TLS and proxying to `panel` (host:port) instead of 127.0.0.1:8080: the reverse-proxy
 * test and the API bench (`BENCH_VIA=nginx`) run exactly what the document says.
 */
export function documentedNginxBlock(port: number, panel: string): string {
  const doc = readFileSync(OPERATIONS, 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block?.includes('127.0.0.1:8080')) throw new Error('docs/operations.md: no nginx block');
  return block
    .split('\n')
    .filter((line) => !/^\s*(listen|ssl_certificate|ssl_certificate_key)\s/.test(line))
    .join('\n')
    .replace('127.0.0.1:8080', panel)
    .replace(/server_name [^;]+;/, `listen 127.0.0.1:${port};`);
}

/** The http-level wrapper (pid, logs and temp paths in `dir`) around a server block. */
export function nginxConf(dir: string, server: string, workers: number | 'auto' = 1): string {
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
