import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPanelWithNodes, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { bindAdapter } from '../../agent/adapter-table.ts';
import { DatabaseServerError, dbPassword, type DatabaseServer } from './database-server.port.ts';
import {
  databaseServerFailure,
  databaseServerRemote,
  onNode,
  withLocal,
} from './database-server.remote.ts';

/** A MariaDB in memory: logins with their password, databases, grants. */
function fakeServer(calls: string[]): DatabaseServer {
  const users = new Map<string, string>();
  const databases = new Set<string>();
  return {
    ping: async () => true,
    async ensureDatabase(name, options) {
      if (options?.exclusive && databases.has(name))
        throw new DatabaseServerError('exists', `create database ${name}: already exists`);
      databases.add(name);
    },
    databaseExists: async (name) => databases.has(name),
    dropDatabase: async (name) => void databases.delete(name),
    async ensureUser(name, password, options) {
      if (options?.exclusive && users.has(name))
        throw new DatabaseServerError('exists', `create user ${name}: already exists`);
      if (!users.has(name)) users.set(name, password.nativeHash);
    },
    userExists: async (name) => users.has(name),
    async setPassword(name, password) {
      if (!users.has(name)) throw new DatabaseServerError('failed', `no user ${name}`);
      users.set(name, password.nativeHash);
    },
    dropUser: async (name) => void users.delete(name),
    grant: async (user, database) => void calls.push(`grant ${user} ${database}`),
    sizes: async (names) => new Map(names.map((n, i) => [n, i * 100])),
    async prefixInUse(prefix) {
      if (prefix === 'down') throw new DatabaseServerError('unavailable', 'connect refused');
      return [...databases, ...users.keys()].some((n) => n.startsWith(`${prefix}_`));
    },
    dump: async (name) => Readable.from([`-- dump of ${name}\n`]),
    close: async () => void calls.push('close'),
  };
}

describe('databaseServerRemote: MariaDB driven on a node', () => {
  let node: PanelWithNodes;
  let port: DatabaseServer;
  let local: DatabaseServer;
  const calls: string[] = [];

  beforeAll(async () => {
    local = fakeServer(calls);
    node = await startPanelWithNodes([
      { roles: ['database'], bindings: () => [bindAdapter(databaseServerRemote, onNode(local))] },
    ]);
    port = node.nodes.port(withLocal(local), 'local');
  });

  afterAll(() => node.close());

  it('applies a database, a login and its grant; answers reads and sizes as a Map', async () => {
    await port.ensureDatabase('shop_main', { exclusive: true });
    await port.ensureUser('shop_u', dbPassword('first-Pass-1234'), { exclusive: true });
    await port.grant('shop_u', 'shop_main');
    expect(await port.ping()).toBe(true);
    expect(await port.databaseExists('shop_main')).toBe(true);
    expect(await port.userExists('shop_u')).toBe(true);
    expect(await port.prefixInUse('shop')).toBe(true);
    expect(await port.sizes(['shop_main', 'shop_other'])).toEqual(
      new Map([
        ['shop_main', 0],
        ['shop_other', 100],
      ]),
    );
    expect(calls).toContain('grant shop_u shop_main');
  });

  it("rebuilds the adapter's typed error of a change with its reason", async () => {
    const error = await port
      .ensureUser('shop_u', dbPassword('other-Pass-1234'), { exclusive: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseServerError);
    expect(error).toMatchObject({
      reason: 'exists',
      message: 'create user shop_u: already exists',
    });
  });

  it('a failed read comes back as the typed error, its reason kept', async () => {
    const error = await port.prefixInUse('down').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseServerError);
    expect(error).toMatchObject({ reason: 'unavailable', message: 'connect refused' });
    expect(databaseServerFailure({ reason: 'unknown_call', message: 'x' }).reason).toBe('failed');
  });

  it('a password change on the node makes a login that went missing', async () => {
    await port.dropUser('shop_u');
    expect(await port.userExists('shop_u')).toBe(false);
    await port.setPassword('shop_u', dbPassword('new-Pass-5678'));
    expect(await port.userExists('shop_u')).toBe(true);
  });

  it("dump and close run on the panel with this machine's adapter", async () => {
    const stream = await port.dump('shop_main', { signal: new AbortController().signal });
    expect((await stream.toArray()).join('')).toBe('-- dump of shop_main\n');
    await port.close();
    expect(calls.at(-1)).toBe('close');
    await expect(
      databaseServerRemote.methods.dump.kind === 'local'
        ? databaseServerRemote.methods.dump.run('x', { signal: new AbortController().signal })
        : null,
    ).rejects.toMatchObject({ reason: 'unavailable' });
  });
});
