import type { ParseArgsOptionsConfig } from 'node:util';
import type { AppContext } from '../compose.ts';
import { nodesDb } from '../nodes/nodes.tables.ts';
import { createNodesStore, type NodeSummary } from '../nodes/nodes.store.ts';
import { addNode, natsNodeUsersOf, NodeInputError, parseRoles } from '../nodes/enrolment.ts';
import { isUp } from '../nodes/heartbeats.ts';
import { failedOperations, retryFailed } from '../nodes/failures.ts';
import { str, UsageError, valued, type Flags } from './args.ts';

type Out = (line: string) => void;
type Command = (ctx: AppContext, flags: Flags, out: Out) => Promise<void | number>;

const when = (ms: number | null) => (ms === null ? '-' : new Date(Number(ms)).toISOString());

/** One line of `haven nodes`. */
export function nodeLine(n: NodeSummary, now: number): string {
  const health = n.state === 'active' ? (isUp(n.last_heartbeat_at, now) ? 'up' : 'down') : n.state;
  return [
    n.name,
    `roles=${n.roles}`,
    health,
    `heartbeat=${when(n.last_heartbeat_at)}`,
    `pending=${n.pending}`,
    `failed=${n.failed}`,
    `version=${n.agent_version ?? '-'}`,
  ].join('\t');
}

const storeOf = (ctx: AppContext) => createNodesStore(nodesDb(ctx.db));

/** `haven node:add`, `haven nodes`, `haven node:revoke` (docs/nodes.md, "Enrolment"). */
export const NODE_COMMANDS: Record<
  string,
  { usage: string; flags: ParseArgsOptionsConfig; run: Command }
> = {
  'node:add': {
    usage: '--name web1 --roles web,mail,dns,database (prints a one-time enrolment token)',
    flags: valued('name', 'roles'),
    run: async (ctx, f, out) => {
      try {
        const roles = parseRoles(str(f, 'roles'));
        const token = await addNode(storeOf(ctx), ctx.clock, str(f, 'name'), roles);
        out(`node ${str(f, 'name')} added; enrolment token (valid 1 hour, shown once): ${token}`);
      } catch (error) {
        if (error instanceof NodeInputError) throw new UsageError(error.message);
        throw error;
      }
    },
  },
  nodes: {
    usage: '(roles, up/down, last heartbeat, pending and failed operations, agent version)',
    flags: {},
    run: async (ctx, _f, out) => {
      const now = ctx.clock.now();
      for (const n of await storeOf(ctx).list()) out(nodeLine(n, now));
    },
  },
  'node:failed': {
    usage: '--name web1 (its failed operations, newest first, with their errors)',
    flags: valued('name'),
    run: async (ctx, f, out) => {
      for (const o of await failedOperations(nodesDb(ctx.db), str(f, 'name')))
        out(
          [when(o.at), `${o.object}@${o.revision}`, o.call, o.reason, o.message]
            .concat(o.newest ? [] : ['(superseded)'])
            .join('\t'),
        );
    },
  },
  'node:retry': {
    usage: '--name web1 (sends its failed operations again, each the newest of its object)',
    flags: valued('name'),
    run: async (ctx, f, out) => {
      const n = await retryFailed(nodesDb(ctx.db), ctx.clock, str(f, 'name'));
      out(`${n} operation(s) queued again; the panel sends them to the node`);
    },
  },
  'node:revoke': {
    usage: '--name web1 (takes its credentials and any unused enrolment token away)',
    flags: valued('name'),
    run: async (ctx, f, out) => {
      const name = str(f, 'name');
      if (name === 'local') throw new UsageError('the local node cannot be revoked');
      if (!(await storeOf(ctx).revoke(name, ctx.clock.now()))) {
        out(`no node ${name}`);
        return 1;
      }
      out(`node ${name} revoked`);
      // Its NATS user goes from nats-server's authorization (when this panel writes it).
      if (await natsNodeUsersOf(ctx.config.nats, ctx.config.dataDir)?.remove(name))
        out(`its NATS login is gone; nats-server reloaded`);
    },
  },
};
