import { describe, expect, it } from 'vitest';
import { hashNatsPassword, nodePermissions, renderNatsAuthorization } from './nats-auth.ts';

const HASH = '$2b$04$' + 'a'.repeat(53);

describe('nats-server authorization', () => {
  it('gives a node only its own subjects, consumer and inbox', () => {
    expect(nodePermissions('web1')).toEqual({
      publish: [
        'haven.result.web1',
        'haven.hb.web1',
        'haven.hello.web1',
        '$JS.API.CONSUMER.INFO.HAVEN_WORK.work-web1',
        '$JS.API.CONSUMER.MSG.NEXT.HAVEN_WORK.work-web1',
        '$JS.ACK.HAVEN_WORK.work-web1.>',
      ],
      subscribe: ['haven.read.web1', '_INBOX_web1.>'],
    });
  });

  it('renders the panel without limits and each node with its permissions', () => {
    const text = renderNatsAuthorization({
      panel: { user: 'panel', passwordHash: HASH },
      nodes: [{ node: 'web1', passwordHash: HASH }],
    });
    expect(text).toContain(`{ user: "panel", password: "${HASH}" }`);
    expect(text).toContain(`{ user: "node-web1", password: "${HASH}", permissions: {`);
    expect(text).toContain('subscribe: { allow: ["haven.read.web1", "_INBOX_web1.>"] }');
    expect(text).toContain('allow_responses: true');
  });

  it('refuses a name or hash that could write config of its own', () => {
    const render = (node: string, passwordHash: string) =>
      renderNatsAuthorization({
        panel: { user: 'panel', passwordHash: HASH },
        nodes: [{ node, passwordHash }],
      });
    expect(() => render('web1", permissions: {}', HASH)).toThrow(/node name/);
    expect(() => render('web.1', HASH)).toThrow(/node name/);
    expect(() => render('web1', 'plain')).toThrow(/password hash/);
    expect(() => render('web1', `${HASH}"\n}`)).toThrow(/password hash/);
  });

  it('hashes with bcrypt, which nats-server compares', async () => {
    expect(await hashNatsPassword('s3cret', 4)).toMatch(/^\$2[ab]\$04\$/);
  });
});
