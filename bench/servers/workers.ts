// What a panel of several processes would do with the read mix (BENCH_WORKERS=N, a measurement,
// not a way to run Haven): node:cluster shares the port, the first worker runs the panel as
// configured (services, migrations), the others start once it listens, with HAVEN_SERVICES=off.
// Each keeps its own caches, locks and rate limits, which is harmless for reads but not for
// writes (docs/architecture.md lists what a second process would need). Run by node itself
// (type stripping), with the start script's flags, which cluster passes on to the workers.
import cluster from 'node:cluster';

const main = process.env.HAVEN_BENCH_MAIN;
const count = Number(process.env.BENCH_WORKERS ?? 2);
if (!main) throw new Error('HAVEN_BENCH_MAIN: the panel script to run in each worker');

if (cluster.isPrimary) {
  const first = cluster.fork();
  first.once('listening', () => {
    for (let i = 1; i < count; i++) cluster.fork({ HAVEN_SERVICES: 'off' });
  });
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  cluster.on('exit', () => {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
} else {
  await import(main);
}
