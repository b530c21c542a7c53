import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { generatePassword } from '@haven/contract';
import { loadConfig } from '../src/config.ts';
import { compose, type AppContext } from '../src/compose.ts';
import { buildApp } from '../src/app.ts';
import type { RateLimits } from '../src/http/rate-limits.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { MailFilterHost } from '../src/platform/mail-filter/mail-filter.port.ts';
import type { MailListHost } from '../src/platform/list-expander/list-expander.port.ts';

/**
 * PostgreSQL runs when HAVEN_TEST_PG is a server URL (CI sets postgres://postgres@127.0.0.1:5432/test);
 * each app then gets its own database, dropped on close. Otherwise SQLite in a temp dir.
 */
export async function testDatabaseUrl(
  dataDir: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.HAVEN_TEST_PG;
  if (!admin) return { url: `sqlite:${join(dataDir, 'haven.sqlite')}`, drop: async () => {} };
  const name = `haven_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestCustomer {
  customerId: number;
  domain: string;
  username: string;
  password: string;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** A customer with a HOSTING login on a fresh domain. */
  customer(opts?: {
    domain?: string;
    type?: 'HOSTING' | 'DOMAIN' | 'EMAIL';
    premium?: boolean;
    instap?: boolean;
  }): Promise<TestCustomer>;
  login(c: Pick<TestCustomer, 'domain' | 'username' | 'password'>, ip?: string): Promise<string>;
  /** `app.inject` with an optional bearer token. */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    rateLimits?: RateLimits;
    /** Fair use's cap on concurrent expensive calls (tests that fire many at once raise it). */
    expensivePerCustomer?: number;
    /** A test's own rspamd for the mail area (as main.ts passes the node's). */
    mailFilter?: MailFilterHost;
    /** A test's own list expander host (as main.ts passes the node's). */
    mailLists?: MailListHost;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'haven-test-'));
  const database = await testDatabaseUrl(dataDir);
  const config = loadConfig({
    HAVEN_DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    HAVEN_SECRET: randomBytes(32).toString('hex'),
    HAVEN_SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://panel.test',
    // System users are machine-wide: a test that wants them turns them on with its own prefix.
    HAVEN_DOMAIN_USERS: 'off',
    ...options.env,
  });
  const ctx = await compose(config, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.mailFilter ? { mailFilter: options.mailFilter } : {}),
    ...(options.mailLists ? { mailLists: options.mailLists } : {}),
  });
  const app = await buildApp(ctx, {
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.expensivePerCustomer ? { expensivePerCustomer: options.expensivePerCustomer } : {}),
  });
  let n = 0;

  const call: TestApp['call'] = ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  return {
    app,
    ctx,
    dataDir,
    call,
    async customer(opts = {}) {
      n += 1;
      const domain = opts.domain ?? `klant${n}-${randomBytes(3).toString('hex')}.test`;
      const op = ctx.operator;
      const customerId = await op.createCustomer(`Klant ${n}`, `owner@${domain}`);
      await op.addDomain(customerId, domain, {
        package: opts.type === 'DOMAIN' ? 'DOMAIN' : 'HOSTING',
        premium: opts.premium ?? false,
        instap: opts.instap ?? false,
      });
      const password = generatePassword(16);
      const username = opts.type === 'EMAIL' ? 'info' : 'beheer';
      await op.addIdentity({
        domain,
        username,
        type: opts.type ?? 'HOSTING',
        password,
        name: `Klant ${n}`,
        email: `owner@${domain}`,
        primary: true,
      });
      return { customerId, domain, username, password };
    },
    async login(c, ip = '127.0.0.1') {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { domain: c.domain, username: c.username, password: c.password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async close() {
      await app.close();
      await ctx.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
