import { loadConfig, ConfigError } from './config.ts';
import { compose } from './compose.ts';
import { closeDataDir, createLogger } from './core.ts';
import type { Logger } from './model/logger.ts';
import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { print, printError } from './cli/output.ts';
import { startLocalNode, withLocalNode } from './hosting-node/local-node.ts';
import { hostingAccessFor } from './hosting-node/hosting-access.ts';
import { loadServiceSettings } from './hosting-node/settings.ts';
import { listenProxySocket, type ProxySocket } from './platform/proxy-socket/proxy-socket.ts';

let log: Logger | undefined;

async function main(): Promise<void> {
  const loaded = loadConfig();
  log = createLogger(loaded.logLevel);
  const nodeLog = log.child({ part: 'services' });
  // Before the services make their folders in it.
  await closeDataDir(loaded, loaded.webhosting.webUser, log);
  // The local hosting node (issue #16): the supervised services start before the areas need them.
  const node = await startLocalNode(loaded, { log: (level, m) => nodeLog[level](m) });
  const config = withLocalNode(loaded, node);
  // What the screens say about where things are served: the node's ports and its state file.
  const hostingAccess = hostingAccessFor(
    config,
    node?.settings ?? loadServiceSettings(config.profile),
  );
  const ctx = await compose(config, {
    logger: log,
    hostingAccess,
    mailFilter: node?.mailFilter ?? null,
    mailLists: node?.mailLists ?? null,
  });
  const app = await buildApp(ctx);
  if (config.seedDemo) {
    const demo = await seedDemoIfEmpty(ctx);
    if (demo) {
      // The password goes to the terminal banner and the 0600 file only, never into collected logs.
      log.info(
        { domain: demo.domain, username: demo.username, file: demo.file },
        'demo customer created',
      );
      print(
        `\n  Demo login created:\n    domain:   ${demo.domain}\n    username: ${demo.username}\n    password: ${demo.password}\n  (kept in ${demo.file})\n`,
      );
    }
  }
  await ctx.start();
  let closing = false;
  let proxySocket: ProxySocket | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log?.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await proxySocket?.close();
    await app.close();
    await ctx.close();
    await node?.stop(); // local hosting node
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (config.proxySocket) {
    const { path, group } = config.proxySocket;
    proxySocket = await listenProxySocket(app.server, path, group);
    log.info({ path, group }, 'listening for the reverse proxy on a Unix socket');
  }
  print(`\n  Haven is running at ${config.publicUrl}\n`);
  if (node)
    print(
      `${node
        .banner()
        .map((l) => `  ${l}`)
        .join('\n')}\n`,
    );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    printError(error.message);
    process.exit(2);
  }
  if (log) log.fatal({ err: error }, 'the server stopped');
  else printError(error);
  process.exit(1);
});
