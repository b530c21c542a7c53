import { loadConfig, ConfigError } from '../config.ts';
import { compose } from '../compose.ts';
import { createLogger } from '../core.ts';
import { AppError } from '../lib/app-error.ts';
import { COMMANDS } from './commands.ts';
import { parseFlags, UsageError } from './args.ts';
import { print, printError } from './output.ts';
import { withNodeDns } from '../hosting-node/node-dns.ts';
import { nodeMailLists } from '../hosting-node/node-mail-lists.ts';
import { AGENT_USAGE, agentCommand } from './agent.ts';

/** The operator CLI: `npm run haven -- <command> [--flags]`. Same config as the server. */
async function main(argv: string[]): Promise<number> {
  // A hosting node's agent holds no panel database: not composed like the operator's commands.
  if (argv[0] === 'agent') return agentCommand(argv.slice(1));
  // `haven ticket list` is `haven ticket:list`: two words name a command when they join to one.
  const joined = argv.length > 1 ? `${argv[0]}:${argv[1]}` : '';
  const [command = 'help', ...rest] = COMMANDS[joined] ? [joined, ...argv.slice(2)] : argv;
  const entry = COMMANDS[command];
  if (!entry) {
    print('Usage: npm run haven -- <command> [flags]\n');
    for (const [name, c] of Object.entries(COMMANDS)) print(`  ${name} ${c.usage}`);
    print(`  ${AGENT_USAGE}`);
    return command === 'help' ? 0 : 2;
  }
  let flags;
  try {
    flags = parseFlags(rest, entry.flags);
  } catch (error) {
    printError(`${(error as Error).message}\nusage: ${command} ${entry.usage}`);
    return 2;
  }
  // withNodeDns: the local hosting node's PowerDNS, as the panel uses it.
  const config = await withNodeDns(loadConfig());
  const ctx = await compose(config, {
    logger: createLogger('warn', 'stderr'),
    // The lists' routes, so the mail maps the CLI renders keep them.
    mailLists: await nodeMailLists(config),
    // With NATS the server's agent takes the local node's work, not this short-lived process.
    localNodeAgent: false,
  });
  try {
    return (await entry.run(ctx, flags, print)) ?? 0;
  } catch (error) {
    if (error instanceof UsageError)
      printError(`${error.message}\nusage: ${command} ${entry.usage}`);
    else if (error instanceof AppError) printError(`refused: ${error.code}`);
    else throw error;
    return 2;
  } finally {
    await ctx.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    printError(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
