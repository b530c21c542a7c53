import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/** Access tokens are short-lived; the session row they name decides whether they still count. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface TokenClaims {
  sid: string;
  sub: string;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const ISSUER = 'haven';
const VERIFIED_CACHE = 10_000;

/**
 * HS256 JWTs with Node's own HMAC. Every authenticated request verifies one, so this stays
 * synchronous (no WebCrypto thread hop) and accepts exactly one header: no `alg` games.
 */
export function createTokens(secret: Uint8Array, now: () => number = Date.now) {
  // A KeyObject made once: preparing a raw key on every request costs more than the HMAC itself.
  const key = createSecretKey(secret);
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();
  // Tokens that passed the HMAC, until they expire: a panel page sends the same token many times
  // a minute. Only ever holds tokens this secret signed; bounded, oldest dropped first.
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  const remember = (token: string, claims: TokenClaims, exp: number) => {
    if (verified.size >= VERIFIED_CACHE) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, { claims, exp });
  };
  return {
    sign: async (claims: TokenClaims): Promise<string> => {
      const iat = Math.floor(now() / 1000);
      const payload = Buffer.from(
        JSON.stringify({ sid: claims.sid, sub: claims.sub, iss: ISSUER, iat, exp: iat + ACCESS_TOKEN_SECONDS }),
      ).toString('base64url');
      const body = `${HEADER}.${payload}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    /** The claims, or null for anything not a valid unexpired Haven token. */
    verify: async (token: string): Promise<TokenClaims | null> => {
      const known = verified.get(token);
      if (known) return known.exp * 1000 > now() ? known.claims : null;
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== HEADER) return null;
      const [, payload = '', signature = ''] = parts;
      const expected = mac(`${HEADER}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
        if (claims.iss !== ISSUER || typeof claims.exp !== 'number' || claims.exp * 1000 <= now()) return null;
        if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return null;
        const result = { sid: claims.sid, sub: claims.sub };
        remember(token, result, claims.exp);
        return result;
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
