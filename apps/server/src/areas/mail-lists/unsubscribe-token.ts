import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { MAIL_LIST_LIMITS } from '@haven/contract/mail-lists';

const AUDIENCE = 'mail-list-unsubscribe';
const DAY_MS = 86_400_000;

export interface UnsubscribeClaim {
  listId: number;
  email: string;
}

/**
 * The token of a List-Unsubscribe link: one subscriber of one list, signed (HS256) with a key
 * derived from Haven's secret for this purpose only, so it is never a session token nor one of
 * another use; it expires after MAIL_LIST_LIMITS.unsubscribeDays.
 */
export function unsubscribeTokens(secret: Uint8Array, now: () => number) {
  const key = createHmac('sha256', secret).update(AUDIENCE).digest();
  return {
    sign: (claim: UnsubscribeClaim) =>
      new SignJWT({ l: claim.listId, e: claim.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor((now() + MAIL_LIST_LIMITS.unsubscribeDays * DAY_MS) / 1000))
        .sign(key),

    /** The claim of a valid, unexpired token; null for anything else. */
    async verify(token: string): Promise<UnsubscribeClaim | null> {
      if (token.length > 1000) return null;
      try {
        const { payload } = await jwtVerify(token, key, {
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const { l, e } = payload;
        return typeof l === 'number' && typeof e === 'string' ? { listId: l, email: e } : null;
      } catch {
        return null;
      }
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
