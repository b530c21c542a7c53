import { loadConfig, ConfigError } from './config.ts';
import { compose } from './compose.ts';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const ctx = await compose(config);
  const app = await buildApp(ctx);
  const log = app.log;
  if (config.seedDemo) {
    const demo = await seedDemoIfEmpty(ctx);
    if (demo) {
      // The password goes to the console banner and the 0600 file only, never into collected logs.
      log.info({ domain: demo.domain, username: demo.username, file: demo.file }, 'demo customer created');
      console.log(
        `\n  Demo login created:\n    domain:   ${demo.domain}\n    username: ${demo.username}\n    password: ${demo.password}\n  (kept in ${demo.file})\n`,
      );
    }
  }
  await ctx.start();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await ctx.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(`\n  Haven is running at ${config.publicUrl}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
