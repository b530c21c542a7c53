// The real Haven app for the file manager bench: data dir and upload limit from argv, the job
// runner started (zip runs as a job), one HOSTING customer; prints port, token and the home.
import { loadConfig } from '../../apps/server/src/config.ts';
import { compose } from '../../apps/server/src/compose.ts';
import { buildApp } from '../../apps/server/src/app.ts';

const [dataDir = '', uploadMb = '2000'] = process.argv.slice(2);
const ctx = await compose(
  loadConfig({
    HAVEN_DATA_DIR: dataDir, HAVEN_SEED_DEMO: '0', LOG_LEVEL: 'silent', HAVEN_SECRET: 'b'.repeat(40), HAVEN_UPLOAD_MAX_MB: uploadMb,
  }),
  { logger: { info: () => {}, error: () => {} } },
);
const app = await buildApp(ctx, { logger: false });
const id = await ctx.operator.createCustomer('Bench', 'bench@bench.test');
await ctx.operator.addDomain(id, 'bench.test');
await ctx.operator.addIdentity({ domain: 'bench.test', username: 'beheer', type: 'HOSTING', password: 'Bench-Pass-2024!x', name: 'Bench', email: 'b@bench.test', primary: true });
const token = await ctx.auth.login({ domain: 'bench.test', username: 'beheer', password: 'Bench-Pass-2024!x', ip: '127.0.0.1', userAgent: 'bench' });
const home = await ctx.webspace.ensureHome('bench.test');
await ctx.runner.start();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, token, home })}\n`);
process.on('SIGINT', () => process.exit(0));
