import { describe, expect, it } from 'vitest';
import { createTokens, ACCESS_TOKEN_SECONDS } from './tokens.ts';

const secret = new TextEncoder().encode('s'.repeat(40));

describe('access tokens', () => {
  it('round-trips claims', async () => {
    const t = createTokens(secret);
    const now = Date.now();
    expect(await t.verify(await t.sign({ sid: 'a', sub: '1' }))).toMatchObject({
      sid: 'a',
      sub: '1',
    });
    expect(
      (await t.verify(await t.sign({ sid: 'a', sub: '1' })))?.expiresAt,
    ).toBeGreaterThanOrEqual(Math.floor(now / 1000) * 1000 + ACCESS_TOKEN_SECONDS * 1000);
  });

  it('refuses a token past its expiry', async () => {
    let now = 1_000_000;
    const t = createTokens(secret, () => now);
    const token = await t.sign({ sid: 'a', sub: '1' });
    now += ACCESS_TOKEN_SECONDS * 1000 + 1;
    expect(await t.verify(token)).toBeNull();
  });

  it('refuses another secret, a changed payload, alg none and garbage', async () => {
    const t = createTokens(secret);
    const token = await t.sign({ sid: 'a', sub: '1' });
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
