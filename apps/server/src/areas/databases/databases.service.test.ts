import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { toDomainRef } from '../../customers/customers.store.ts';
import type { DomainRef } from '../../model/principal.ts';
import {
  DatabaseServerError,
  type DatabaseServer,
  type DatabaseServerFailure,
} from '../../platform/database-server/database-server.port.ts';
import { NodeUnavailableError } from '../../platform/node-bus/node-bus.port.ts';
import { createDatabasesStore } from './databases.store.ts';
import { createDatabasesService, type DatabasesService } from './databases.service.ts';
import type { DatabasesTables } from './databases.tables.ts';

type Step = 'ensureDatabase' | 'ensureUser' | 'grant' | 'dropUser' | 'dropDatabase';

/** An in-memory server for the ordering and compensation rules (the real one is tested elsewhere). */
function fakeServer() {
  const failures = new Map<Step, DatabaseServerFailure>();
  const state = {
    databases: new Set<string>(),
    users: new Set<string>(),
    grants: new Set<string>(),
    calls: [] as string[],
  };
  const step = (name: Step, arg: string) => {
    state.calls.push(`${name} ${arg}`);
    const reason = failures.get(name);
    if (reason) throw new DatabaseServerError(reason, `${name} failed`);
  };
  const server: DatabaseServer = {
    ping: async () => true,
    async ensureDatabase(name) {
      step('ensureDatabase', name);
      state.databases.add(name);
    },
    databaseExists: async (name) => state.databases.has(name),
    async dropDatabase(name) {
      step('dropDatabase', name);
      state.databases.delete(name);
    },
    async ensureUser(name) {
      step('ensureUser', name);
      state.users.add(name);
    },
    userExists: async (name) => state.users.has(name),
    setPassword: async () => {},
    async dropUser(name) {
      step('dropUser', name);
      state.users.delete(name);
    },
    async grant(user, database) {
      step('grant', user);
      state.grants.add(`${user}@${database}`);
    },
    sizes: async (names) => new Map(names.map((n) => [n, 0])),
    prefixInUse: async () => false,
    dump: async () => Readable.from([]),
    close: async () => {},
  };
  return { server, state, failures };
}

describe('databases service: ordering and compensation', () => {
  let t: TestApp;
  let domain: DomainRef;
  let fake: ReturnType<typeof fakeServer>;
  /** The MariaDB of another node, and a node that does not answer at all. */
  let far: ReturnType<typeof fakeServer>;
  const down = Object.fromEntries(
    Object.keys(fakeServer().server).map((k) => [
      k,
      () => Promise.reject(new NodeUnavailableError('down')),
    ]),
  ) as unknown as DatabaseServer;
  let svc: DatabasesService;
  const pw = 'first-pass-1234!';

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const c = await t.customer({ domain: `svc${Math.random().toString(36).slice(2, 8)}.test` });
    domain = toDomainRef((await t.ctx.customers.domainByName(c.domain))!);
    fake = fakeServer();
    far = fakeServer();
    svc = createDatabasesService({
      store: createDatabasesStore(t.ctx.database.db.withTables<DatabasesTables>()),
      server: (node) => (node === 'far' ? far.server : node === 'down' ? down : fake.server),
      clock: t.ctx.clock,
      logger: t.ctx.logger,
      connection: { host: 'db.example.test', port: 3306 },
    });
  });

  const names = async () => (await svc.list(domain)).databases.map((d) => [d.name, d.users]);

  it('keeps the database and answers passed_invalid_password when the server refuses the first password', async () => {
    fake.failures.set('ensureUser', 'rejected');
    await expect(
      svc.create(domain, { name: 'shop', username: 'u', password: pw }),
    ).rejects.toMatchObject({ code: 'passed_invalid_password' });
    const prefix = (await svc.list(domain)).prefix!;
    expect(await names()).toEqual([[`${prefix}shop`, 0]]);
    expect([...fake.state.databases]).toEqual([`${prefix}shop`]);
    expect(fake.state.users.size).toBe(0);
  });

  it('answers passed_user_exists when the login appears between the check and the create', async () => {
    fake.failures.set('ensureUser', 'exists');
    await expect(
      svc.create(domain, { name: 'shop', username: 'u', password: pw }),
    ).rejects.toMatchObject({ code: 'passed_user_exists' });
  });

  it('drops the login again when the grant fails, and says passed_general', async () => {
    fake.failures.set('grant', 'failed');
    await expect(
      svc.create(domain, { name: 'shop', username: 'u', password: pw }),
    ).rejects.toMatchObject({ code: 'passed_general' });
    expect(fake.state.users.size).toBe(0);
    expect(fake.state.calls.filter((c) => c.startsWith('dropUser'))).toHaveLength(1);
    expect((await names())[0]?.[1]).toBe(0);
  });

  it('keeps the user row when even the undo fails, so the panel says what exists', async () => {
    const prefix = (await svc.list(domain)).prefix!;
    await svc.create(domain, { name: 'shop' });
    fake.failures.set('grant', 'unavailable');
    fake.failures.set('dropUser', 'unavailable');
    await expect(
      svc.addUser(domain, `${prefix}shop`, { name: 'u', password: pw }),
    ).rejects.toMatchObject({ code: 'unavailable' });
    expect(await svc.users.list(domain, `${prefix}shop`)).toMatchObject([{ name: `${prefix}u` }]);
  });

  it('removes the claimed name when the server cannot make the database', async () => {
    fake.failures.set('ensureDatabase', 'unavailable');
    await expect(
      svc.create(domain, { name: 'shop', username: 'u', password: pw }),
    ).rejects.toMatchObject({ code: 'unavailable' });
    expect(await names()).toEqual([]);
    fake.failures.set('ensureDatabase', 'exists');
    await expect(svc.create(domain, { name: 'shop' })).rejects.toMatchObject({
      code: 'database_exists',
    });
    expect(await names()).toEqual([]);
    expect(fake.state.calls.some((c) => c.startsWith('ensureUser'))).toBe(false);
  });

  it('records each step of a delete, so a half-done delete shows what is left', async () => {
    const prefix = (await svc.list(domain)).prefix!;
    await svc.create(domain, { name: 'shop', username: 'u1', password: pw });
    await svc.addUser(domain, `${prefix}shop`, { name: 'u2', password: pw });
    fake.failures.set('dropDatabase', 'unavailable');
    await expect(svc.remove(domain, `${prefix}shop`)).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(await names()).toEqual([[`${prefix}shop`, 0]]);
    fake.failures.delete('dropDatabase');
    await svc.remove(domain, `${prefix}shop`);
    expect(await names()).toEqual([]);
  });

  it('reconciles: makes missing databases, grants again, reports users MariaDB lost', async () => {
    const prefix = (await svc.list(domain)).prefix!;
    await svc.create(domain, { name: 'shop', username: 'u1', password: pw });
    await svc.addUser(domain, `${prefix}shop`, { name: 'u2', password: pw });
    fake.state.databases.clear();
    fake.state.grants.clear();
    fake.state.users.delete(`${prefix}u2`);
    expect(await svc.reconcile(domain)).toEqual({
      databases: 1,
      created: [`${prefix}shop`],
      users: 1,
      missingUsers: [`${prefix}u2`],
    });
    expect([...fake.state.databases]).toEqual([`${prefix}shop`]);
    expect([...fake.state.grants]).toEqual([`${prefix}u1@${prefix}shop`]);
    expect(await svc.reconcile(domain)).toMatchObject({ created: [] });
  });

  it('refuses changes on a plan that is inactive or not hosting', async () => {
    await expect(svc.create({ ...domain, active: false }, { name: 'shop' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      svc.create({ ...domain, package: 'DOMAIN' }, { name: 'shop' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(fake.state.calls).toEqual([]);
  });

  it("sends a domain's databases to its own node; a node that does not answer is node-level", async () => {
    const there = { ...domain, node: 'far' };
    const { database } = await svc.create(there, { name: 'shop', username: 'u', password: pw });
    expect([...far.state.databases]).toEqual([database.name]);
    expect(fake.state.calls).toEqual([]);
    await svc.users.changePassword(there, database.name, `${database.name.split('_')[0]}_u`, pw);
    expect(far.state.calls.at(-1)).toMatch(/^grant /);
    // A dump streams, which the bus cannot carry yet: the ticket says so before any download.
    await expect(svc.downloadTicket(there, database.name)).rejects.toBeInstanceOf(
      NodeUnavailableError,
    );
    const gone = { ...domain, node: 'down' };
    expect(await svc.list(gone)).toMatchObject({ available: false });
    await expect(svc.create(gone, { name: 'other' })).rejects.toBeInstanceOf(NodeUnavailableError);
  });
});
