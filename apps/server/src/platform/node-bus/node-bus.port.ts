/**
 * How the panel and its hosting nodes talk (docs/nodes.md). Changes travel as operations on a
 * durable per-node work queue (NATS JetStream: message id = operation id, so a resend is
 * de-duplicated); results, heartbeats and a node's "what I hold" report travel back; reads that
 * need the node go by request/reply with a timeout. On one machine an in-process bus carries the
 * same messages, so the panel and the agent run the same code either way.
 */

/** A node's name as it appears in subjects and credentials: `web1`, `mail-02`. */
export type NodeName = string;

/**
 * "Object X at revision R": the whole desired state of one object (a site, a zone, an FTP
 * account...) as one port call, so applying the latest revision supersedes every earlier one.
 */
export interface Operation {
  /** Unique (ULID/UUID); the queue's de-duplication key. */
  id: string;
  node: NodeName;
  /** The object's key, stable across revisions: `site:42`, `ftp:klant1_web`, `zone:example.nl`. */
  object: string;
  /** Increases by one with every change of the object; the agent skips what it already holds. */
  revision: number;
  /** Which adapter and method apply it: `webServer.applySite`. */
  call: string;
  /** The call's arguments, JSON. Secrets in it go to this node only. */
  args: unknown[];
}

export interface OperationError {
  /** The adapter's typed failure (`rejected`, `unavailable`, `failed`...). */
  reason: string;
  message: string;
}

export interface OperationResult {
  id: string;
  node: NodeName;
  object: string;
  revision: number;
  /** Null when applied (or already held at this revision or later). */
  error: OperationError | null;
  /** The call's return value, JSON (most changes return nothing). */
  value?: unknown;
  at: number;
}

export interface Heartbeat {
  node: NodeName;
  roles: string[];
  version: string;
  at: number;
}

/** Sent by an agent when it (re)connects: the revision it holds of each object. */
export interface HeldRevisions {
  node: NodeName;
  objects: Record<string, number>;
}

/** The node did not answer a read in time (down, unreachable, or too busy). */
export class NodeUnavailableError extends Error {
  constructor(
    readonly node: NodeName,
    message = `node ${node} did not answer`,
  ) {
    super(message);
    this.name = 'NodeUnavailableError';
  }
}

export type Unsubscribe = () => Promise<void>;

/** The panel's side: publishes work, hears results, heartbeats and catch-up reports, asks reads. */
export interface PanelBus {
  /** Durable: resolves once the queue has it. Publishing the same id twice stores it once. */
  publish(op: Operation): Promise<void>;
  onResult(handler: (result: OperationResult) => Promise<void>): Promise<Unsubscribe>;
  onHeartbeat(handler: (beat: Heartbeat) => void): Promise<Unsubscribe>;
  /** The handler queues what the node is behind on before the agent starts taking work. */
  onHello(handler: (held: HeldRevisions) => Promise<void>): Promise<Unsubscribe>;
  /** A read on the node; throws NodeUnavailableError after `timeoutMs`. */
  request(node: NodeName, call: string, args: unknown[], timeoutMs: number): Promise<unknown>;
  close(): Promise<void>;
}

/** A node's side: only its own work, its own results and heartbeats, its own reads. */
export interface AgentBus {
  readonly node: NodeName;
  /** Reports what it holds; resolves once the panel has queued the catch-up. */
  hello(held: HeldRevisions): Promise<void>;
  /** Takes its work in order; a message is acknowledged once `apply` has resolved. */
  consume(apply: (op: Operation) => Promise<OperationResult>): Promise<Unsubscribe>;
  heartbeat(beat: Heartbeat): Promise<void>;
  serve(read: (call: string, args: unknown[]) => Promise<unknown>): Promise<Unsubscribe>;
  close(): Promise<void>;
}
