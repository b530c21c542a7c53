import type { OperationError } from './node-bus.port.ts';

/** A port method: anything that answers a promise. */
export type AsyncFn = (...args: never[]) => Promise<unknown>;
/** A platform port whose members are all such methods (FtpServer, DatabaseServer...). */
export type AsyncPort<T> = { [K in keyof T]: AsyncFn };

export type ArgsOf<F> = F extends (...args: infer A) => Promise<unknown> ? A : never;
export type AnswerOf<F> = F extends (...args: never[]) => Promise<infer R> ? R : never;

/** How an answer crosses the bus as JSON (a Map as entries...); both sides use the same pair. */
interface Codec<R> {
  encode?(value: R): unknown;
  decode?(value: unknown): R;
}

/**
 * A change: queued on the node's work queue as "object at revision". `object` names what the
 * call sets the whole state of, so a later call on the same key supersedes an earlier one. Past
 * the apply wait a change that answers nothing resolves (it is saved, pending on the node); one
 * whose answer matters says `whenPending: 'throw'` and the caller gets ChangePendingError.
 */
export type ChangeSpec<F> = Codec<AnswerOf<F>> & {
  kind: 'change';
  object(...args: ArgsOf<F>): string;
} & ([AnswerOf<F>] extends [void] ? { whenPending?: 'resolve' } : { whenPending: 'throw' });

/** A read: request/reply on the node with a timeout; no answer is NodeUnavailableError. */
export interface ReadSpec<F> extends Codec<AnswerOf<F>> {
  kind: 'read';
  timeoutMs?: number;
}

/** Runs on the panel itself (closing a connection the panel does not hold, say). */
export interface LocalSpec<F> {
  kind: 'local';
  run: F;
}

export type MethodSpec<F> = ChangeSpec<F> | ReadSpec<F> | LocalSpec<F>;

/**
 * One spec per platform port, shared by the panel (`remotePort`) and the agent (`bindAdapter`):
 * the call `<name>.<method>` means the same on both sides.
 */
export interface PortSpec<T extends AsyncPort<T>> {
  /** The adapter's name in a call: `ftp` makes `ftp.ensureAccount`. */
  name: string;
  methods: { [K in keyof T & string]: MethodSpec<T[K]> };
  /** Rebuilds the adapter's own error from a failed operation (its typed reason kept). */
  failure?(error: OperationError): Error;
}

/** What remote-port and the agent see of a method's spec, its types erased. */
export interface LooseSpec {
  kind: 'change' | 'read' | 'local';
  object?: (...args: unknown[]) => string;
  whenPending?: 'resolve' | 'throw';
  timeoutMs?: number;
  encode?(value: unknown): unknown;
  decode?(value: unknown): unknown;
  run?: AsyncFn;
}

/** The methods of a spec, each with its types erased (the call crosses the bus as JSON anyway). */
export function looseMethods<T extends AsyncPort<T>>(spec: PortSpec<T>): [string, LooseSpec][] {
  return Object.entries(spec.methods as Record<string, LooseSpec>);
}
