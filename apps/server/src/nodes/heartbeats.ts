import type { Heartbeat } from '../platform/node-bus/node-bus.port.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../model/logger.ts';
import type { NodesStore } from './nodes.store.ts';

/** An agent beats every 5 s; a node is down after three beats it missed. */
export const HEARTBEAT_MS = 5_000;
export const MISSED_BEATS = 3;

/** Whether a node whose last beat the panel heard at `lastBeat` counts as up at `now`. */
export function isUp(lastBeat: number | null, now: number): boolean {
  return lastBeat !== null && now - lastBeat <= HEARTBEAT_MS * MISSED_BEATS;
}

/** The earliest last beat of a node that is up at `now`. */
export const upSince = (now: number) => now - HEARTBEAT_MS * MISSED_BEATS;

/** Records each beat by the panel's clock (a node's own clock may be off). */
export function createHeartbeats(deps: { nodes: NodesStore; clock: Clock; log: Logger }) {
  const { nodes, clock, log } = deps;
  return async function onHeartbeat(beat: Heartbeat): Promise<void> {
    if (!(await nodes.beat(beat.node, clock.now(), beat.version)))
      log.warn({ node: beat.node }, 'heartbeat from an unknown or revoked node');
  };
}
