import type { Clock } from '../lib/clock.ts';
import { upSince } from './heartbeats.ts';
import type { NodesStore } from './nodes.store.ts';
import type { NodeRole } from './enrolment.ts';

/**
 * Where a new domain goes when the operator names no node: the node with the fewest domains
 * among those up with the role (ties by name, so the choice is stable). Null: none is up.
 */
export async function placeDomain(
  nodes: NodesStore,
  clock: Clock,
  role: NodeRole,
): Promise<string | null> {
  const candidates = (await nodes.candidates(upSince(clock.now())))
    .filter((n) => n.roles.split(',').includes(role))
    .sort((a, b) => a.domains - b.domains || a.name.localeCompare(b.name));
  return candidates[0]?.name ?? null;
}
