// Many customers for the API bench, made in-process through the operator service (the CLI's own
// path, without a node start per command) before the panel starts, each with a live session.
import { loadConfig } from '../../apps/server/src/config.ts';
import { compose } from '../../apps/server/src/compose.ts';
import { createOperatorStore } from '../../apps/server/src/customers/operator.store.ts';
import { createAuthService } from '../../apps/server/src/areas/auth/auth.service.ts';
import { createLockout } from '../../apps/server/src/areas/auth/lockout.ts';
import { createSessionsStore } from '../../apps/server/src/areas/auth/sessions.store.ts';
import { createTokens } from '../../apps/server/src/areas/auth/tokens.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { loadSecret } from '../../apps/server/src/lib/secret.ts';
import type { Db } from '../../apps/server/src/db/database.ts';

export interface BenchUser {
  domain: string;
  token: string;
}

const PASSWORD = 'Bench-Pass-2024!x';

/** `count` customers, each with a HOSTING domain `c<i>.bench.test` and a session of its own. */
export async function seedCustomers(
  env: Record<string, string | undefined>,
  count: number,
): Promise<BenchUser[]> {
  const ctx = await compose(loadConfig({ ...env, LOG_LEVEL: 'warn' }));
  try {
    const users: BenchUser[] = [];
    // One argon2 hash for all: addIdentity's policy check and hash cost ~1 s a login on this machine.
    // The composed db sees every table; a store takes the core's view (Kysely's types do not narrow).
    const db = ctx.db as unknown as Db;
    const store = createOperatorStore(db);
    const passwordHash = await hashPassword(PASSWORD);
    // The auth area's own session start, as a login makes one (the area exports no way to it).
    const sessions = createSessionsStore(db);
    const auth = createAuthService({
      customers: ctx.customers,
      sessions,
      tokens: createTokens(loadSecret(ctx.config.secret, ctx.config.dataDir)),
      lockout: createLockout(sessions),
      clock: ctx.clock,
    });
    async function one(i: number): Promise<BenchUser> {
      const domain = `c${i}.bench.test`;
      const customer = await ctx.operator.createCustomer(`Bench ${i}`, `c${i}@bench.test`);
      const domainId = await ctx.operator.addDomain(customer, domain, { maxDatabases: 10 });
      const now = Date.now();
      const identity = await store.insertIdentity({
        domain_id: domainId,
        username: 'beheer',
        type: 'HOSTING',
        name: `Beheer ${i}`,
        email: `c${i}@bench.test`,
        password_hash: passwordHash,
        language: 'nl',
        primary_login: 1,
        created_at: now,
        password_changed_at: now,
      });
      // A session as a login makes one, from its own address (the login route's rate limit is per address).
      const ip = `10.1.${i >> 8}.${i & 255}`;
      return { domain, token: await auth.startSession(identity, ip, 'bench') };
    }
    // A few at a time: each domain's hooks (home, vhost, zone check) wait mostly on child processes.
    for (let i = 0; i < count; i += 8) {
      const batch = Array.from({ length: Math.min(8, count - i) }, (_, j) => one(i + j));
      users.push(...(await Promise.all(batch)));
    }
    return users;
  } finally {
    await ctx.close();
  }
}
