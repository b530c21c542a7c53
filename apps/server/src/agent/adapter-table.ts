import {
  looseMethods,
  type AsyncPort,
  type LooseSpec,
  type PortSpec,
} from '../platform/node-bus/port-spec.ts';

/** Applies one call with its JSON arguments; answers the JSON value to send back. */
export type Handler = (args: unknown[]) => Promise<unknown>;

/** What an agent can do, by call (`ftp.ensureAccount`): changes to apply, reads to serve. */
export interface AdapterTable {
  changes: ReadonlyMap<string, Handler>;
  reads: ReadonlyMap<string, Handler>;
}

/** One port's adapter paired with the spec the panel drives it by. */
export interface AdapterBinding {
  entries: [call: string, kind: LooseSpec['kind'], handler: Handler][];
}

/** Pairs a real adapter (pure-ftpd, MariaDB...) with its port's spec. */
export function bindAdapter<T extends AsyncPort<T>>(spec: PortSpec<T>, adapter: T): AdapterBinding {
  const methods = adapter as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  return {
    entries: looseMethods(spec).map(([name, m]) => [
      `${spec.name}.${name}`,
      m.kind,
      async (args) => {
        const value = await methods[name]?.apply(adapter, args);
        return m.encode ? m.encode(value) : value;
      },
    ]),
  };
}

/**
 * The agent's table from its adapters; a local method stays on the panel and is not served.
 * `add` takes one more port's binding (on one machine each area hands its adapter as it starts).
 */
export function createAdapterTable(
  bindings: readonly AdapterBinding[] = [],
): AdapterTable & { add(binding: AdapterBinding): void } {
  const changes = new Map<string, Handler>();
  const reads = new Map<string, Handler>();
  const add = ({ entries }: AdapterBinding) => {
    for (const [call, kind, handler] of entries) {
      if (kind === 'change') changes.set(call, handler);
      else if (kind === 'read') reads.set(call, handler);
    }
  };
  for (const binding of bindings) add(binding);
  return { changes, reads, add };
}
