import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from '@nats-io/transport-node';
import type { nodes } from '@haven/contract';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { skipWhenMissing } from '../../test/support/missing-tools.ts';
import { hasNatsServer, startTestNats, type TestNats } from '../../test/support/nats-server.ts';
import { addNode } from './enrolment.ts';

const skip = skipWhenMissing('node enrolment endpoint', [!hasNatsServer() && 'nats-server']);

type Enrolled = ReturnType<typeof nodes.enrol.response.parse>;

describe('POST /api/nodes/enrol without NATS', () => {
  it('answers unavailable: one machine has no remote nodes', async () => {
    const t = await createTestApp();
    try {
      const r = await t.call({
        method: 'POST',
        url: '/api/nodes/enrol',
        payload: { token: 'x'.repeat(43) },
      });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ custom_message: 'unavailable' });
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(skip)('POST /api/nodes/enrol', () => {
  let nats: TestNats;
  let t: TestApp;
  const enrol = (token: string) =>
    t.call({ method: 'POST', url: '/api/nodes/enrol', payload: { token } });

  beforeAll(async () => {
    nats = await startTestNats([]);
    // As on a first start: the panel writes the authorization (its own user) before it logs in.
    await rm(nats.authFile);
    t = await createTestApp({
      env: {
        NATS_URL: nats.url,
        NATS_USER: nats.panel.user,
        NATS_PASSWORD: nats.panel.pass,
        NATS_AUTH_FILE: nats.authFile,
        NATS_PID_FILE: nats.pidFile,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await nats?.stop();
  });

  it('wrote the authorization with the panel’s user at the start', async () => {
    expect(existsSync(nats.authFile)).toBe(true);
    expect(await readFile(nats.authFile, 'utf8')).toContain('{ user: "panel", password: "$2');
  });

  it('trades a token once for the node’s own NATS login, which works', async () => {
    const token = await addNode(t.ctx.nodes.nodes.store, t.ctx.clock, 'web1', ['web', 'mail']);
    const r = await enrol(token);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json<Enrolled>();
    expect(body).toMatchObject({
      node: 'web1',
      roles: ['web', 'mail'],
      nats: { servers: [nats.url], user: 'node-web1', ca: null },
    });
    expect(await readFile(nats.authFile, 'utf8')).toContain('{ user: "node-web1", password: "$2');
    // The reload is asynchronous: the login works a moment later.
    await vi.waitFor(
      async () => {
        const nc = await connect({
          servers: nats.url,
          user: body.nats.user,
          pass: body.nats.password,
          maxReconnectAttempts: 0,
        });
        await nc.close();
      },
      { timeout: 10_000, interval: 200 },
    );
    expect((await t.ctx.nodes.nodes.store.byName('web1'))?.state).toBe('active');
    expect((await enrol(token)).statusCode).toBe(401);
  });

  it('refuses an unknown token', async () => {
    const r = await enrol('y'.repeat(43));
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ custom_message: 'unauthorized' });
  });
});
