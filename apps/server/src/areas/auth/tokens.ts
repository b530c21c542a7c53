import { jwtVerify, SignJWT } from 'jose';

/** Access tokens are short-lived; the session row they name decides whether they still count. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface TokenClaims {
  sid: string;
  sub: string;
}

/** What a valid token says, with when it stops counting (epoch ms). */
export interface VerifiedClaims extends TokenClaims {
  expiresAt: number;
}

const ISSUER = 'haven';

/** HS256 JWTs (jose): issuer `haven`, the session id in `sid`, the identity in `sub`. */
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
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
        .sign(await key);
    },
    /** The claims, or null for anything not a valid unexpired Haven token. */
    verify: async (token: string): Promise<VerifiedClaims | null> => {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          requiredClaims: ['exp', 'sub', 'sid'],
          currentDate: new Date(now()),
          clockTolerance: 0,
        });
        if (typeof payload.sid !== 'string' || !payload.sub || payload.exp === undefined)
          return null;
        return { sid: payload.sid, sub: payload.sub, expiresAt: payload.exp * 1000 };
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
