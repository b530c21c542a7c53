import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/** Access tokens are short-lived; the session row they name decides whether they still count. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface TokenClaims {
  sid: string;
  sub: string;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const ISSUER = 'haven';

/**
 * HS256 JWTs with Node's own HMAC. Every authenticated request verifies one, so this stays
 * synchronous (no WebCrypto thread hop) and accepts exactly one header: no `alg` games.
 */
export function createTokens(secret: Uint8Array, now: () => number = Date.now) {
  // A KeyObject made once: preparing a raw key on every request costs more than the HMAC itself.
  const key = createSecretKey(secret);
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();
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
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== HEADER) return null;
      const [, payload = '', signature = ''] = parts;
      const expected = mac(`${HEADER}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
        if (claims.iss !== ISSUER || typeof claims.exp !== 'number' || claims.exp * 1000 <= now()) return null;
        return typeof claims.sid === 'string' && typeof claims.sub === 'string' ? { sid: claims.sid, sub: claims.sub } : null;
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
