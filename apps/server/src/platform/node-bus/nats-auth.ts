import bcrypt from 'bcryptjs';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import type { NodeName } from './node-bus.port.ts';
import { WORK_STREAM, nodeInboxPrefix, nodeUser, subjects, workConsumer } from './nats-subjects.ts';

/**
 * nats-server's authorization for the panel and its nodes (docs/nodes.md, "Subjects and
 * permissions"). Passwords are stored as bcrypt hashes, which nats-server (2.9 too) compares
 * at each connect; the plain password exists only in the client's settings.
 */
export interface NatsUser {
  user: string;
  /** `hashNatsPassword(password)`: a `$2a$`/`$2b$` bcrypt hash. */
  passwordHash: string;
}

export interface NatsNodeCredential {
  node: NodeName;
  passwordHash: string;
}

export interface NatsAuthorization {
  /** The panel's admin user: creates the streams and consumers, publishes work, reads results. */
  panel: NatsUser;
  nodes: readonly NatsNodeCredential[];
}

/** Cost 11: nats-server checks it once per connection, not per message (tests pass a lower cost). */
export const hashNatsPassword = (password: string, cost = 11) => bcrypt.hash(password, cost);

/** What a node's user may publish and subscribe to: only its own subjects and consumer. */
export function nodePermissions(node: NodeName): { publish: string[]; subscribe: string[] } {
  const consumer = `${WORK_STREAM}.${workConsumer(node)}`;
  return {
    publish: [
      subjects.result(node),
      subjects.heartbeat(node),
      subjects.hello(node),
      // Its pull consumer: look it up, ask for the next message, acknowledge (or extend) one.
      `$JS.API.CONSUMER.INFO.${consumer}`,
      `$JS.API.CONSUMER.MSG.NEXT.${consumer}`,
      `$JS.ACK.${consumer}.>`,
    ],
    subscribe: [subjects.read(node), `${nodeInboxPrefix(node)}.>`],
  };
}

// Values are checked before they reach the file: a name or hash with a quote or a newline
// could otherwise add a user or a permission of its own.
const HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const USER = /^[a-z0-9][a-z0-9-]{0,70}$/;

function quoted(value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) throw new Error(`not a valid ${what} for nats-server`);
  return JSON.stringify(value);
}

const list = (items: readonly string[]) => `[${items.map((s) => JSON.stringify(s)).join(', ')}]`;

/** The `authorization { users = [...] }` block, for an `include` in nats-server's config. */
export function renderNatsAuthorization(auth: NatsAuthorization): string {
  const lines = [
    '# Written by Haven (platform/node-bus/nats-auth.ts): the panel and one user per node.',
    'authorization {',
    '  users = [',
    `    { user: ${quoted(auth.panel.user, USER, 'user')}, password: ${quoted(auth.panel.passwordHash, HASH, 'password hash')} }`,
  ];
  for (const { node, passwordHash } of auth.nodes) {
    const p = nodePermissions(node);
    lines.push(
      `    { user: ${quoted(nodeUser(node), USER, 'user')}, password: ${quoted(passwordHash, HASH, 'password hash')}, permissions: {`,
      `        publish: { allow: ${list(p.publish)} }`,
      `        subscribe: { allow: ${list(p.subscribe)} }`,
      // Lets it answer the panel's reads (and only the requests it received) on their reply subject.
      '        allow_responses: true',
      '    } }',
    );
  }
  lines.push('  ]', '}', '');
  return lines.join('\n');
}

/** Replaces the authorization include atomically; readable by nats-server's user only (0640). */
export async function writeNatsAuthorization(path: string, auth: NatsAuthorization): Promise<void> {
  await writeFileAtomic(path, renderNatsAuthorization(auth), 0o640);
}

/**
 * Makes a running nats-server read its configuration again (new or revoked node users take
 * effect; connected clients whose permissions changed are updated or disconnected). `pid` is a
 * process id or the server's pid file.
 */
export async function reloadNatsServer(
  pid: number | string,
  binary = '/usr/sbin/nats-server',
): Promise<void> {
  const r = await run(binary, ['--signal', `reload=${pid}`], { timeoutMs: 10_000 });
  if (r.code !== 0) throw new Error(`nats-server reload failed: ${(r.stderr || r.stdout).trim()}`);
}
