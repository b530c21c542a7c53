import { loadConfig } from '../config.ts';
import { createLogger } from '../core.ts';
import { agentDirOf, runAgent } from '../agent/agent-main.ts';
import { EnrolError, enrolAgent } from '../agent/agent-enrol.ts';
import { NotEnrolledError } from '../agent/agent-main.ts';
import { optStr, parseFlags, UsageError, valued } from './args.ts';
import { print, printError } from './output.ts';

export const AGENT_USAGE =
  'agent [--enrol TOKEN --panel https://panel.example] (a hosting node: enrol once, then run)';

/**
 * `haven agent`: a hosting node's side, without the panel's database (docs/nodes.md). With
 * `--enrol` it trades the token for the node's NATS login and exits; without, it runs until
 * SIGTERM or SIGINT.
 */
export async function agentCommand(argv: string[]): Promise<number> {
  try {
    return await agent(argv);
  } catch (error) {
    if (error instanceof UsageError) printError(`${error.message}\nusage: ${AGENT_USAGE}`);
    else if (error instanceof EnrolError || error instanceof NotEnrolledError)
      printError(error.message);
    else throw error;
    return 2;
  }
}

async function agent(argv: string[]): Promise<number> {
  const flags = parseFlags(argv, valued('enrol', 'panel'));
  const token = optStr(flags, 'enrol');
  const panel = optStr(flags, 'panel');
  const config = loadConfig();
  if (token !== undefined || panel !== undefined) {
    if (!token || !panel) throw new UsageError('--enrol and --panel go together');
    const login = await enrolAgent(panel, token, agentDirOf(config));
    print(`enrolled as node ${login.node} (roles ${login.roles.join(',')}); start: haven agent`);
    return 0;
  }
  const logger = createLogger(config.logLevel);
  const stop = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      logger.info({ signal }, 'agent: stopping');
      stop.abort();
    });
  await runAgent(config, logger, stop.signal);
  return 0;
}
