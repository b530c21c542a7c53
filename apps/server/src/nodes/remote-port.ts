import {
  NodeCallError,
  type NodeName,
  type OperationError,
  type PanelBus,
} from '../platform/node-bus/node-bus.port.ts';
import type { Outbox } from './outbox.ts';
import {
  looseMethods,
  type AsyncPort,
  type LooseSpec,
  type PortSpec,
} from '../platform/node-bus/port-spec.ts';

/** How long a read waits for the node unless its spec says otherwise. */
export const READ_TIMEOUT_MS = 5_000;

/** A change the node applied and failed: the adapter's typed reason and message. */
export class RemoteOperationError extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly operation: string,
  ) {
    super(message);
    this.name = 'RemoteOperationError';
  }
}

/** A change whose answer matters was saved but the node had not applied it within the wait. */
export class ChangePendingError extends Error {
  constructor(
    readonly node: NodeName,
    readonly operation: string,
  ) {
    super(`the change is saved and pending on node ${node}`);
    this.name = 'ChangePendingError';
  }
}

export interface RemotePortDeps {
  node: NodeName;
  outbox: Outbox;
  bus: PanelBus;
}

/**
 * The port `T` of one node, as the panel drives it: a change is queued through the outbox and
 * awaited up to the apply wait; a read asks the node and waits up to its timeout.
 */
export function remotePort<T extends AsyncPort<T>>(spec: PortSpec<T>, deps: RemotePortDeps): T {
  const { node, outbox, bus } = deps;
  const failure = (error: OperationError, operation: string) =>
    spec.failure?.(error) ?? new RemoteOperationError(error.reason, error.message, operation);

  const method = (name: string, m: LooseSpec) => {
    const call = `${spec.name}.${name}`;
    const decode = (value: unknown) => (m.decode ? m.decode(value) : value);
    if (m.kind === 'local') {
      if (!m.run) throw new Error(`${call}: a local method needs run`);
      return m.run;
    }
    if (m.kind === 'read') {
      return async (...args: unknown[]) => {
        try {
          return decode(await bus.request(node, call, args, m.timeoutMs ?? READ_TIMEOUT_MS));
        } catch (error) {
          // The node's adapter refused: its own typed error, as for a failed change.
          if (error instanceof NodeCallError && spec.failure)
            throw spec.failure({ reason: error.reason, message: error.message });
          throw error;
        }
      };
    }
    const object = m.object;
    if (!object) throw new Error(`${call}: a change needs its object key`);
    return async (...args: unknown[]) => {
      const outcome = await outbox.change({ node, object: object(...args), call, args });
      if (outcome.state === 'failed') throw failure(outcome.error, outcome.operation.id);
      if (outcome.state === 'applied') return decode(outcome.value);
      if (m.whenPending === 'throw') throw new ChangePendingError(node, outcome.operation.id);
      return undefined;
    };
  };

  const port = Object.fromEntries(looseMethods(spec).map(([name, m]) => [name, method(name, m)]));
  // Every key of T has its method above: the spec's type lists them all.
  return port as unknown as T;
}
