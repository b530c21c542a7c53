import type { Generated, Kysely } from 'kysely';

/** A hosting node (migration 0970). `local` is the panel's own machine. */
export interface NodesTable {
  name: string;
  /** Comma-separated roles: `web,mail,dns,database`. */
  roles: string;
  state: NodeState;
  /** SHA-256 of the one-time enrolment token; null once used or never issued. */
  enrol_token_hash: string | null;
  enrol_expires_at: number | null;
  credentials_issued_at: number | null;
  credentials_revoked_at: number | null;
  last_heartbeat_at: number | null;
  agent_version: string | null;
  created_at: number;
}

/** `enrolling`: added, token not yet traded; `active`: has credentials; `revoked`: taken away. */
export type NodeState = 'enrolling' | 'active' | 'revoked';

/** The newest revision of an object on a node, and the one the node confirmed applied. */
export interface NodeObjectsTable {
  node: string;
  object: string;
  revision: number;
  applied_revision: number;
}

export type OperationState = 'pending' | 'sent' | 'applied' | 'failed';

/** The outbox: one row per change of an object (docs/nodes.md, "How a change travels"). */
export interface NodeOperationsTable {
  id: string;
  node: string;
  object: string;
  revision: number;
  call: string;
  /** JSON array. */
  args: string;
  state: OperationState;
  error_reason: string | null;
  error_message: string | null;
  created_at: number;
  sent_at: number | null;
  done_at: number | null;
  /** The domain whose request or job made it (lib/acting-domain.ts), or null. */
  domain_id: Generated<number | null>;
  /** The process whose relay publishes it (one machine: each process its own bus), or null. */
  origin: Generated<string | null>;
}

/** The tables nodes/ reads; `domains.node` places a domain (null: the local node). */
// A type, not an interface: Kysely's withTables wants an index signature.
export type NodesTables = {
  nodes: NodesTable;
  node_objects: NodeObjectsTable;
  node_operations: NodeOperationsTable;
  domains: { id: number; node: string | null };
};

export type NodesDb = Kysely<NodesTables>;

/** The panel's database (or a transaction on it) seen with the nodes' tables. */
export function nodesDb<DB>(db: Kysely<DB>): NodesDb {
  // The panel's schema type does not list these tables; they exist from migration 0970.
  return db.withTables<NodesTables>() as unknown as NodesDb;
}
