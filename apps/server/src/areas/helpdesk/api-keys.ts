import { helpdesk } from '@haven/contract';
import type { HelpdeskDb } from './helpdesk.tables.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto.ts';
import { forbidden, unauthorized } from './helpdesk.errors.ts';

type Scope = helpdesk.ApiKeyScope;
/** `hvk_<key id>_<secret>`: the id finds the row, the secret (32 random bytes) proves it. */
const KEY = /^hvk_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

export class ApiKeyUsage extends Error {}

/**
 * Operator API keys: random 32-byte secrets shown once, stored as SHA-256 (a random secret of
 * that size needs no slow hash), compared in constant time, scoped and revocable.
 */
export function createApiKeys(db: HelpdeskDb, clock: Clock) {
  return {
    async create(name: string, scopes: readonly string[]) {
      const clean = name.trim();
      if (clean.length === 0 || clean.length > 100)
        throw new ApiKeyUsage('--name is 1-100 characters');
      const bad = scopes.filter((s) => !(helpdesk.API_KEY_SCOPES as readonly string[]).includes(s));
      if (scopes.length === 0 || bad.length > 0)
        throw new ApiKeyUsage(`--scopes is a list of ${helpdesk.API_KEY_SCOPES.join(', ')}`);
      const keyId = randomToken(12)
        .replace(/[^A-Za-z0-9]/g, '')
        .padEnd(12, 'x')
        .slice(0, 12);
      const secret = randomToken(32);
      const row = await db
        .insertInto('operator_api_keys')
        .values({
          name: clean,
          key_id: keyId,
          hash: sha256Hex(secret),
          scopes: [...new Set(scopes)].join(' '),
          created_at: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, key: `hvk_${keyId}_${secret}` };
    },
    list: () =>
      db
        .selectFrom('operator_api_keys')
        .select(['id', 'name', 'key_id', 'scopes', 'created_at', 'last_used_at', 'revoked_at'])
        .orderBy('id')
        .execute(),
    /** True when a live key was revoked now. */
    async revoke(id: number) {
      const r = await db
        .updateTable('operator_api_keys')
        .set({ revoked_at: clock.now() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /** Throws 401 for a missing, unknown or revoked key, 403 when it lacks the scope. */
    async check(token: string | undefined, scope: Scope): Promise<void> {
      const m = token ? KEY.exec(token) : null;
      if (!m) throw unauthorized();
      const [, keyId = '', secret = ''] = m;
      const row = await db
        .selectFrom('operator_api_keys')
        .select(['id', 'hash', 'scopes', 'revoked_at'])
        .where('key_id', '=', keyId)
        .executeTakeFirst();
      // Hashed even for an unknown id, so both paths take the same time.
      const ok = safeEqual(sha256Hex(secret), row?.hash ?? '0'.repeat(64));
      if (!row || !ok || row.revoked_at !== null) throw unauthorized();
      if (!row.scopes.split(' ').includes(scope)) throw forbidden();
      await db
        .updateTable('operator_api_keys')
        .set({ last_used_at: clock.now() })
        .where('id', '=', row.id)
        .execute();
    },
  };
}
export type ApiKeys = ReturnType<typeof createApiKeys>;
