import { loadConfig, ConfigError } from '../config.ts';
import { compose } from '../compose.ts';
import { AppError } from '../lib/app-error.ts';
import { COMMANDS } from './commands.ts';
import { parseFlags, UsageError } from './args.ts';
import { withNodeDns } from '../platform/supervisor/node-dns.ts';

/** The operator CLI: `npm run haven -- <command> [--flags]`. Same config as the server. */
async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseFlags(argv);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const { command, flags } = parsed;
  const entry = COMMANDS[command];
  if (!entry) {
    console.log('Usage: npm run haven -- <command> [flags]\n');
    for (const [name, c] of Object.entries(COMMANDS)) console.log(`  ${name} ${c.usage}`);
    return command === 'help' ? 0 : 2;
  }
  // withNodeDns: the local hosting node's PowerDNS, as the panel uses it (issue #16).
  const ctx = await compose(await withNodeDns(loadConfig()), { logger: { info: () => {}, error: (o, m) => console.error(m, o) } });
  try {
    await entry.run(ctx, flags, (line) => console.log(line));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\nusage: ${command} ${entry.usage}`);
    else if (error instanceof AppError) console.error(`refused: ${error.code}`);
    else throw error;
    return 2;
  } finally {
    await ctx.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
