import { loadConfig, ConfigError } from './config.ts';
import { compose } from './compose.ts';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { startLocalNode, withLocalNode } from './platform/supervisor/local-node.ts';

async function main(): Promise<void> {
  const loaded = loadConfig();
  // --- local hosting node (issue #16): the supervised services start before the areas need them.
  const node = await startLocalNode(loaded, { log: (level, m) => (level === 'info' ? console.log(m) : console.error(m)) });
  const config = withLocalNode(loaded, node);
  // --- end local hosting node
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
    await node?.stop(); // local hosting node
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(`\n  Haven is running at ${config.publicUrl}\n`);
  if (node) console.log(`${node.banner().map((l) => `  ${l}`).join('\n')}\n`); // local hosting node
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
