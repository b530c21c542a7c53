import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { NodesStore } from './nodes.store.ts';
import type { NatsSettings } from '../model/core-config.ts';
import {
  createNatsNodeUsers,
  readNatsCa,
  type NatsNodeUsers,
} from '../platform/node-bus/nats-node-users.ts';
import { nodeUser } from '../platform/node-bus/nats-subjects.ts';

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
 * The node the token was made for, now active, or null (unknown, used or expired): each token
 * is traded once, also with several panel instances (one UPDATE decides).
 */
export async function redeemToken(
  nodes: NodesStore,
  clock: Clock,
  token: string,
): Promise<string | null> {
  return (await nodes.redeem(hashToken(token), clock.now())) ?? null;
}

/** Where the panel keeps the node users of nats-server's authorization (NATS_AUTH_FILE set). */
export function natsNodeUsersOf(
  nats: NatsSettings | null,
  dataDir: string,
  cost?: number,
): NatsNodeUsers | null {
  if (!nats?.authFile || !nats.pidFile) return null;
  return createNatsNodeUsers({
    authFile: nats.authFile,
    pidFile: nats.pidFile,
    stateFile: join(dataDir, 'nats-node-users.json'),
    panel: { user: nats.user, password: nats.password },
    ...(cost === undefined ? {} : { cost }),
  });
}

export interface EnrolDeps {
  store: NodesStore;
  clock: Clock;
  nats: NatsSettings;
  users: NatsNodeUsers;
  /** Makes the node's work queue, so its agent finds it at once. */
  ensureNode(node: string): Promise<void>;
  /** Told when the queue could not be made yet. */
  log?: (fields: object, message: string) => void;
}

/**
 * Makes the node's work queue now, so its agent finds it. nats-server answers JetStream calls
 * again only a moment after the reload; a queue not made here is made by the first change.
 */
async function queueFor(deps: EnrolDeps, node: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.ensureNode(node);
    } catch (error) {
      if (attempt >= 20) return deps.log?.({ err: error, node }, 'enrolment: no work queue yet');
      await delay(250);
    }
  }
}

/** Thrown for a token that is unknown, used or expired. */
export class EnrolTokenError extends Error {}

/**
 * The panel's side of `haven agent --enrol TOKEN` (docs/nodes.md, "Enrolment"): the token is
 * traded, the node gets its own NATS user (written to nats-server's authorization, which is
 * reloaded) and its work queue; the answer is the login the agent saves. A failure after the
 * trade leaves the node active without a user: `haven node:revoke` it and add it again.
 */
export async function enrolNode(deps: EnrolDeps, token: string) {
  const node = await redeemToken(deps.store, deps.clock, token);
  if (!node) throw new EnrolTokenError('the enrolment token is unknown, used or expired');
  const password = randomBytes(24).toString('base64url');
  await deps.users.issue(node, password);
  await queueFor(deps, node);
  const row = await deps.store.byName(node);
  return {
    node,
    roles: (row?.roles ?? '').split(',').filter((r) => r.length > 0),
    nats: {
      servers: deps.nats.nodeServers,
      user: nodeUser(node),
      password,
      ca: deps.nats.caFile ? await readNatsCa(deps.nats.caFile) : null,
    },
  };
}
