import type { NodeName } from './node-bus.port.ts';

/** The names on NATS that docs/nodes.md ("Subjects and permissions") lists, in one place. */
export const WORK_STREAM = 'HAVEN_WORK';
export const RESULTS_STREAM = 'HAVEN_RESULTS';
/** The panel's durable consumer of HAVEN_RESULTS, shared by every panel instance. */
export const RESULTS_CONSUMER = 'results';
/** Every panel instance answers hellos and hears heartbeats in this queue group: once each. */
export const PANEL_QUEUE = 'haven-panel';

// A node's name becomes a subject token, a consumer name and a user in nats-server's config:
// lower-case letters, digits and inner hyphens keep all three unambiguous and unquoted.
const NODE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function checkNodeName(node: NodeName): NodeName {
  if (!NODE_NAME.test(node)) throw new Error(`not a valid node name: ${JSON.stringify(node)}`);
  return node;
}

export const subjects = {
  work: (node: NodeName) => `haven.work.${checkNodeName(node)}`,
  result: (node: NodeName) => `haven.result.${checkNodeName(node)}`,
  heartbeat: (node: NodeName) => `haven.hb.${checkNodeName(node)}`,
  hello: (node: NodeName) => `haven.hello.${checkNodeName(node)}`,
  read: (node: NodeName) => `haven.read.${checkNodeName(node)}`,
};

/** The node a `haven.<kind>.<node>` subject came from: what permissions vouch for, unlike a body. */
export function nodeOfSubject(subject: string): NodeName {
  return subject.slice(subject.lastIndexOf('.') + 1);
}

export const workConsumer = (node: NodeName) => `work-${checkNodeName(node)}`;

/** A node's own reply inbox: its user may subscribe to this prefix only, so no other node's replies. */
export const nodeInboxPrefix = (node: NodeName) => `_INBOX_${checkNodeName(node)}`;

/** The NATS user of a node. */
export const nodeUser = (node: NodeName) => `node-${checkNodeName(node)}`;
