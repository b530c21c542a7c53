import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

/** Starts a TypeScript server script in its own process and reads its first JSON line. */
export async function startServer<T>(script: string, args: string[] = []): Promise<{ info: T; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'], cwd: import.meta.dirname });
  const rl = createInterface({ input: child.stdout });
  const line = await new Promise<string>((resolve, reject) => {
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { info: JSON.parse(line) as T, child };
}

export interface LoadResult {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
}

export async function load(url: string, headers: Record<string, string>, seconds: number, connections = 50): Promise<LoadResult> {
  const r = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors: r.errors, non2xx: r.non2xx };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
