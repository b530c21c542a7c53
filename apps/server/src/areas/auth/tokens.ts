import { jwtVerify, SignJWT } from 'jose';

/** Access tokens are short-lived; the session row they name decides whether they still count. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface TokenClaims {
  sid: string;
  sub: string;
  /** The session's token generation: a refresh raises it, so the token it replaces stops counting. */
  gen: number;
}

/** What a valid token says, with when it stops counting (epoch ms). */
export interface VerifiedClaims extends TokenClaims {
  expiresAt: number;
}

const ISSUER = 'haven';
/** Who the token is for: the panel's own API (nothing else accepts it). */
const AUDIENCE = 'haven-panel';

/**
 * HS256 JWTs (jose): issuer `haven`, audience `haven-panel`, not before the moment of issue, the
 * session id in `sid`, its token generation in `gen`, the identity in `sub`.
 */
export function createTokens(secret: Uint8Array, now: () => number = Date.now) {
  // Imported once: jose would import a raw key again on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    sign: async (claims: TokenClaims): Promise<string> => {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({ sid: claims.sid, gen: claims.gen })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
        .sign(await key);
    },
    /** The claims, or null for anything not a valid, current Haven token for this panel. */
    verify: async (token: string): Promise<VerifiedClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['iss', 'aud', 'iat', 'nbf', 'exp', 'sub', 'sid', 'gen'],
          currentDate: new Date(now()),
          clockTolerance: 0,
        });
        const { sid, sub, gen, exp } = payload;
        if (typeof sid !== 'string' || !sub || !Number.isSafeInteger(gen) || exp === undefined)
          return null;
        return { sid, sub, gen: gen as number, expiresAt: exp * 1000 };
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
