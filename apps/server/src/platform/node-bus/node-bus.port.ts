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
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'NodeUnavailableError';
  }
}

/** The node answered a read with a failure of its own (the read handler threw). */
export class NodeCallError extends Error {
  constructor(
    readonly node: NodeName,
    /** The handler's typed failure when it had one (`error.reason`, else `error.code`), or `failed`. */
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'NodeCallError';
  }
}

/** No panel answered an agent's hello in time (none running, or the bus is down): try again. */
export class PanelUnavailableError extends Error {
  constructor(message = 'no panel answered') {
    super(message);
    this.name = 'PanelUnavailableError';
  }
}

export type Unsubscribe = () => Promise<void>;

/**
 * How many operations a node has in hand at once (unacknowledged: NATS's max_ack_pending), by
 * default: a slow object holds one of them, not the node's whole queue.
 */
export const WORK_IN_FLIGHT = 32;

/** The panel's side: publishes work, hears results, heartbeats and catch-up reports, asks reads. */
export interface PanelBus {
  /** Durable: resolves once the queue has it. Publishing the same id twice stores it once. */
  publish(op: Operation): Promise<void>;
  /**
   * Makes the node's queue ready (on NATS its durable consumer), so its agent can bind before
   * any work was published; idempotent. `publish` does it too, for a node it has not seen.
   */
  ensureNode(node: NodeName): Promise<void>;
  /**
   * Durable, at least once: a result whose handler rejected comes again a moment later, and a
   * result may come twice (an agent that died before its acknowledgement), so be idempotent.
   */
  onResult(handler: (result: OperationResult) => Promise<void>): Promise<Unsubscribe>;
  onHeartbeat(handler: (beat: Heartbeat) => void): Promise<Unsubscribe>;
  /**
   * The handler queues what the node is behind on before the agent starts taking work. `node` in
   * results, heartbeats and hellos is the one the message came from (its subject), never the body's.
   */
  onHello(handler: (held: HeldRevisions) => Promise<void>): Promise<Unsubscribe>;
  /**
   * A read on the node; throws NodeUnavailableError after `timeoutMs` (at once when NATS knows no
   * agent listens), NodeCallError when the node's handler failed. Args and answer are JSON (NATS
   * carries up to its `max_payload`, 1 MB by default: stream anything larger).
   */
  request(node: NodeName, call: string, args: unknown[], timeoutMs: number): Promise<unknown>;
  close(): Promise<void>;
}

/** A node's side: only its own work, its own results and heartbeats, its own reads. */
export interface AgentBus {
  readonly node: NodeName;
  /**
   * Reports what it holds; resolves once the panel has queued the catch-up. Rejects with
   * PanelUnavailableError when no panel answered in time, or an Error with the panel's message
   * when its handler failed: the agent tries again.
   */
  hello(held: HeldRevisions): Promise<void>;
  /**
   * Takes its work in the queue's order, up to `WORK_IN_FLIGHT` at a time (several `apply`s run
   * at once: the agent keeps each object's work in order); publishes each `apply`'s result, then
   * acknowledges that message. A rejected `apply` is reported as a result with reason `failed`
   * (and acknowledged); work taken but not acknowledged (the agent died, the result could not be
   * sent) comes again, possibly after newer work of its object, so `apply` must skip a revision
   * it already holds. Keeps taking work across reconnects until unsubscribed or closed.
   */
  consume(apply: (op: Operation) => Promise<OperationResult>): Promise<Unsubscribe>;
  /** Fire and forget (core NATS): lost while disconnected, which the next beat makes good. */
  heartbeat(beat: Heartbeat): Promise<void>;
  /**
   * Answers the panel's reads, several at a time; resolves once listening. A thrown error reaches
   * the panel as NodeCallError with its `reason` (or `code`) and message.
   */
  serve(read: (call: string, args: unknown[]) => Promise<unknown>): Promise<Unsubscribe>;
  /**
   * Stops at once, without waiting for `apply`: work in hand is neither reported nor
   * acknowledged, so it comes again (to this node's next agent). Unsubscribing from `consume`
   * is the graceful stop: it waits for the work in hand and its acknowledgement.
   */
  close(): Promise<void>;
}
