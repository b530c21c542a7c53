import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';

/**
 * One run per key at a time (a node, or a node's domain: mail sends each domain's part alone),
 * each reading the state when it starts; calls made while one runs share the single run after
 * it, which reads the newest state. So an older state is never
 * queued after a newer one from this process, and a node that is down (each run waits the apply
 * wait) holds up at most two runs, not every change made meanwhile.
 */
export function latestPerNode<R>(run: (node: NodeName) => Promise<R>) {
  const running = new Map<NodeName, Promise<void>>();
  const queued = new Map<NodeName, Promise<R>>();
  const start = (node: NodeName): Promise<R> => {
    const result = run(node);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    running.set(node, settled);
    void settled.then(() => {
      if (running.get(node) === settled) running.delete(node);
    });
    return result;
  };
  return (node: NodeName): Promise<R> => {
    const waiting = queued.get(node);
    if (waiting) return waiting;
    const current = running.get(node);
    if (!current) return start(node);
    const next = current.then(() => {
      queued.delete(node);
      return start(node);
    });
    queued.set(node, next);
    return next;
  };
}
