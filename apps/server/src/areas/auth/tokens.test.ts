import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTokens, ACCESS_TOKEN_SECONDS } from './tokens.ts';

const secret = new TextEncoder().encode('s'.repeat(40));

describe('access tokens', () => {
  it('round-trips claims', async () => {
    const t = createTokens(secret);
    const now = Date.now();
    expect(await t.verify(await t.sign({ sid: 'a', sub: '1', gen: 0 }))).toMatchObject({
      sid: 'a',
      sub: '1',
    });
    expect(
      (await t.verify(await t.sign({ sid: 'a', sub: '1', gen: 0 })))?.expiresAt,
    ).toBeGreaterThanOrEqual(Math.floor(now / 1000) * 1000 + ACCESS_TOKEN_SECONDS * 1000);
  });

  it('refuses a token past its expiry', async () => {
    let now = 1_000_000;
    const t = createTokens(secret, () => now);
    const token = await t.sign({ sid: 'a', sub: '1', gen: 0 });
    now += ACCESS_TOKEN_SECONDS * 1000 + 1;
    expect(await t.verify(token)).toBeNull();
  });

  it('refuses another secret, a changed payload, alg none and garbage', async () => {
    const t = createTokens(secret);
    const token = await t.sign({ sid: 'a', sub: '1', gen: 0 });
    expect(await createTokens(new TextEncoder().encode('x'.repeat(40))).verify(token)).toBeNull();
    const [h, , s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sid: 'a', sub: '2', iss: 'haven', exp: 9e9 }),
    ).toString('base64url');
    expect(await t.verify(`${h}.${forged}.${s}`)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(await t.verify(`${none}.${forged}.`)).toBeNull();
    for (const g of ['', 'a.b', 'a.b.c.d', '...']) expect(await t.verify(g)).toBeNull();
  });
});

describe('token claims', () => {
  const key = new Uint8Array(secret);
  const sign = (claims: Record<string, unknown>, iatOffset = 0) => {
    const iat = Math.floor(Date.now() / 1000) + iatOffset;
    return new SignJWT({ sid: 'a', gen: 0, ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('1')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(key);
  };

  it('sets and verifies issuer, audience and not-before', async () => {
    const t = createTokens(secret);
    const [, payload] = (await t.sign({ sid: 'a', sub: '1', gen: 0 })).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ iss: 'haven', aud: 'haven-panel' });
    expect(claims.nbf).toBe(claims.iat);
    // Signed with the right secret, but missing or wrong in one claim each:
    expect(await t.verify(await sign({ iss: 'haven' }))).toBeNull();
    expect(await t.verify(await sign({ aud: 'haven-panel' }))).toBeNull();
    expect(await t.verify(await sign({ iss: 'haven', aud: 'other' }))).toBeNull();
    expect(await t.verify(await sign({ iss: 'other', aud: 'haven-panel' }))).toBeNull();
    const future = Math.floor(Date.now() / 1000) + 300;
    expect(
      await t.verify(await sign({ iss: 'haven', aud: 'haven-panel', nbf: future })),
    ).toBeNull();
    expect(await t.verify(await sign({ iss: 'haven', aud: 'haven-panel' }))).toBeNull();
    const good = await sign({
      iss: 'haven',
      aud: 'haven-panel',
      nbf: Math.floor(Date.now() / 1000),
    });
    expect(await t.verify(good)).toMatchObject({ sid: 'a', sub: '1', gen: 0 });
  });
});
