// The api-mix's same-run baseline: node:http answering each read route with the panel's own answer
// for it (captured before the load), no framework, guard or database. Started as a child process
// (`startPlainJson`) so its CPU is read apart from the load generator's.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';

const QUALITY = constants.BROTLI_PARAM_QUALITY;

export interface PlainJson {
  port: number;
  pid: number;
  stop: () => Promise<void>;
}

/** Starts the server on a free port; `answers` maps a path without its domain to its JSON. */
export async function startPlainJson(
  answers: Record<string, string>,
  file: string,
): Promise<PlainJson> {
  writeFileSync(file, JSON.stringify(answers));
  const child: ChildProcess = spawn(process.execPath, [import.meta.filename, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (code) => reject(new Error(`plain-json exited ${code}`)));
  });
  return {
    port,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

/** The panel's path with its domain taken out, the key of `answers`. */
export const routeKey = (path: string): string =>
  path.replace(/^\/api\/[^/]+\.[^/]+\//, '/api/{d}/').split('?')[0] ?? path;

async function serve(file: string): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const answers = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const server = createServer((req, res) => {
    const answer = answers[routeKey(req.url ?? '')];
    if (answer === undefined) return void res.writeHead(404).end();
    // Compressed per answer as the panel does (brotli at its inline quality, above one segment).
    const br = answer.length > 1400 && /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      ...(br ? { 'content-encoding': 'br' } : {}),
    });
    res.end(br ? brotliCompressSync(answer, { params: { [QUALITY]: 1 } }) : answer);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
  });
}

if (process.argv[1] === import.meta.filename && process.argv[2]) await serve(process.argv[2]);
