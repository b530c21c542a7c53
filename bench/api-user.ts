// GET /api/user with a valid token under load (autocannon, 50 connections, loopback) against a
// bare Fastify route answering the same JSON, measured in the same run. Prints ratio and p99.
import { fmt, load, startServer, type LoadResult } from './lib.ts';
import { startPanel } from './servers/panel.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;

/** The round with the median throughput. */
const medianBy = (runs: LoadResult[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;

export async function benchApiUser(): Promise<string[]> {
  const app = await startPanel();
  const auth = { authorization: `Bearer ${app.token}` };
  const sample = await (await fetch(`http://127.0.0.1:${app.port}/api/user`, { headers: auth })).text();
  const bare = await startServer<{ port: number }>('servers/bare-server.ts', [sample]);
  try {
    await load(`http://127.0.0.1:${app.port}/api/user`, auth, 2);
    await load(`http://127.0.0.1:${bare.info.port}/api/user`, {}, 2);
    // Rounds interleaved, medians kept: the baseline alone swung between 15,000 and 21,000 req/s
    // from one run to the next on this machine.
    const bases: LoadResult[] = [];
    const havens: LoadResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      bases.push(await load(`http://127.0.0.1:${bare.info.port}/api/user`, {}, SECONDS));
      havens.push(await load(`http://127.0.0.1:${app.port}/api/user`, auth, SECONDS));
    }
    const base = medianBy(bases);
    const haven = medianBy(havens);
    const ratio = haven.rps / base.rps;
    return [
      `GET /api/user, 50 connections, ${ROUNDS} interleaved rounds of ${SECONDS} s each (median round), loopback, 2 cores`,
      `  bare Fastify baseline: ${fmt(base.rps, 0)} req/s, p50 ${base.p50} ms, p99 ${base.p99} ms`,
      `  Haven (JWT + session row + user query): ${fmt(haven.rps, 0)} req/s, p50 ${haven.p50} ms, p99 ${haven.p99} ms, non-2xx ${haven.non2xx}, errors ${haven.errors}`,
      `  rounds (req/s): bare ${bases.map((r) => fmt(r.rps, 0)).join(', ')}; Haven ${havens.map((r) => fmt(r.rps, 0)).join(', ')}`,
      `  throughput ratio: ${fmt(ratio, 2)} (target >= 0.5), p99 ${haven.p99} ms (target < 20 ms) -> ${ratio >= 0.5 && haven.p99 < 20 ? 'met' : 'NOT met'}`,
    ];
  } finally {
    await app.stop();
    bare.child.kill();
  }
}
