import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import type { NodesStore } from './nodes.store.ts';

/** What a node may serve; a role brings its services (docs/nodes.md). */
export const NODE_ROLES = ['web', 'mail', 'dns', 'database'] as const;
export type NodeRole = (typeof NODE_ROLES)[number];

/** A node's name appears in NATS subjects and user names: lower case, digits and dashes. */
export const NODE_NAME = /^[a-z][a-z0-9-]{0,30}$/;

/** How long a one-time enrolment token may be traded for credentials. */
export const ENROL_TOKEN_MS = 3_600_000;

export class NodeInputError extends Error {}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function parseRoles(text: string): NodeRole[] {
  const roles = [...new Set(text.split(',').map((r) => r.trim()))].filter((r) => r.length > 0);
  const unknown = roles.filter((r) => !(NODE_ROLES as readonly string[]).includes(r));
  if (roles.length === 0 || unknown.length > 0)
    throw new NodeInputError(`roles are one or more of ${NODE_ROLES.join(', ')}`);
  return roles as NodeRole[];
}

/** Adds a node waiting to enrol; answers its one-time token (only its hash is kept). */
export async function addNode(
  nodes: NodesStore,
  clock: Clock,
  name: string,
  roles: readonly NodeRole[],
): Promise<string> {
  if (!NODE_NAME.test(name))
    throw new NodeInputError('a node name is lower case letters, digits and dashes (max 31)');
  if (await nodes.byName(name)) throw new NodeInputError(`node ${name} exists`);
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await nodes.add({
    name,
    roles,
    tokenHash: hashToken(token),
    expiresAt: now + ENROL_TOKEN_MS,
    now,
  });
  return token;
}

/**
 * The panel's side of `haven agent --enrol TOKEN`: the node the token was made for, now active,
 * or null. Issuing its NATS credentials (platform/node-bus/nats-auth.ts) comes with the command.
 */
export async function redeemToken(
  nodes: NodesStore,
  clock: Clock,
  token: string,
): Promise<string | null> {
  return (await nodes.redeem(hashToken(token), clock.now())) ?? null;
}
