import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Config } from '../config.ts';
import { closeDataDir } from '../core.ts';
import type { Logger } from '../model/logger.ts';
import { systemClock } from '../lib/clock.ts';
import { VERSION } from '../version.ts';
import { startLocalNode, withLocalNode } from '../hosting-node/local-node.ts';
import { createNatsAgentBus } from '../platform/node-bus/node-bus.nats.ts';
import type { AgentBus } from '../platform/node-bus/node-bus.port.ts';
import { loadAgentLogin, type AgentLogin } from '../platform/node-bus/agent-login-file.ts';
import { natsTls } from '../nodes/nats-login.ts';
import { createAdapterTable } from './adapter-table.ts';
import { bindingsOf, createNodeAdapters } from './node-adapters.ts';
import { createNodeWebspace } from './node-webspace.ts';
import { heldFile } from './held-revisions.ts';
import { startAgent } from './agent.ts';
import type { NodeHost } from './node-host.ts';

/** The agent's own folder in the node's data dir: its login and its held revisions. */
export const agentDirOf = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'agent');

export class NotEnrolledError extends Error {}

/** Connects with the node's login; a refused login (the server still reloading) is tried again. */
async function connect(login: AgentLogin, log: Logger, signal: AbortSignal): Promise<AgentBus> {
  for (;;) {
    try {
      return await createNatsAgentBus({
        servers: login.servers,
        user: login.user,
        pass: login.password,
        node: login.node,
        tls: natsTls(login.servers, login.caFile ?? undefined),
        onError: (error) => log.warn({ err: error }, 'node bus'),
      });
    } catch (error) {
      signal.throwIfAborted();
      log.warn({ err: error }, 'agent: NATS refused the connection; trying again');
      await delay(1_000, undefined, { signal });
    }
  }
}

/**
 * `haven agent` (docs/nodes.md): the node's services as `npm start` runs them
 * (hosting-node/local-node.ts), its adapters by area, and the agent on NATS with the login
 * enrolment saved, until `signal` (SIGTERM) stops it all in reverse order.
 */
export async function runAgent(loaded: Config, logger: Logger, signal: AbortSignal): Promise<void> {
  const login = await loadAgentLogin(agentDirOf(loaded));
  if (!login)
    throw new NotEnrolledError(
      `no NATS login in ${agentDirOf(loaded)}: enrol first (haven agent --enrol TOKEN --panel URL)`,
    );
  const log = logger.child({ node: login.node });
  await closeDataDir(loaded, loaded.webhosting.webUser, log);
  const nodeLog = log.child({ part: 'services' });
  const services = await startLocalNode(loaded, { log: (level, m) => nodeLog[level](m) });
  try {
    const config = withLocalNode(loaded, services);
    const host: NodeHost = {
      config,
      logger: log,
      ...createNodeWebspace(config, config.webhosting),
      mailFilter: services?.mailFilter ?? null,
      mailLists: services?.mailLists ?? null,
    };
    const table = createAdapterTable(bindingsOf(await createNodeAdapters(host)));
    const bus = await connect(login, log, signal);
    try {
      const agent = await startAgent({
        bus,
        table,
        held: heldFile(agentDirOf(config)),
        roles: login.roles,
        version: VERSION,
        clock: systemClock,
        log: log.child({ component: 'agent' }),
        signal,
      });
      if (!signal.aborted)
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      await agent.stop();
    } finally {
      await bus.close();
    }
  } finally {
    await services?.stop();
  }
}
