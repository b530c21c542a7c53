import { createHmac } from 'node:crypto';

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * A compact HS256 JWT the site builder verifies with the secret it shares with Haven: who may
 * edit which site (`sub` the domain), with which product and page limit, for a few minutes.
 */
export function signOnToken(
  secret: string,
  claims: {
    sub: string;
    iss: string;
    iat: number;
    exp: number;
    product: number;
    pages: number | null;
  },
): string {
  const head = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(claims))}`;
  return `${head}.${b64(createHmac('sha256', secret).update(head).digest())}`;
}
