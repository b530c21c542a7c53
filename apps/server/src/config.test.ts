import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, settingNames } from './config.ts';
import { serviceSettingNames } from './hosting-node/settings.ts';

const SECRET = 'a'.repeat(40);
const DEBIAN = {
  HAVEN_PROFILE: 'debian',
  PUBLIC_URL: 'https://panel.example.nl',
  HAVEN_SECRET: SECRET,
  MARIADB_URL: 'mysql://haven@127.0.0.1:3306',
};

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('loaded');
}

describe('configuration profiles', () => {
  it('local: development defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      profile: 'local',
      publicUrl: 'http://localhost:8080',
      seedDemo: true,
    });
    expect(config.databases.mariadbUrl).toBe('mysql://root@127.0.0.1:3306');
    expect(config.webhosting.listen).toEqual(['127.0.0.1:8081']);
    // The supervised Postfix's and Dovecot's logs under the data dir (the module resolves them).
    expect(config.statistics).toEqual({ postfixLog: null, dovecotLog: null });
  });

  it('debian: starts with its required settings set, with the server defaults', () => {
    const config = loadConfig(DEBIAN);
    expect(config).toMatchObject({
      profile: 'debian',
      publicUrl: 'https://panel.example.nl',
      secret: SECRET,
      seedDemo: false,
    });
    expect(config.databases.mariadbUrl).toBe('mysql://haven@127.0.0.1:3306');
    expect(config.webhosting.listen).toEqual(['80', '[::]:80']);
    expect(config.statistics).toEqual({
      postfixLog: '/var/log/mail.log',
      dovecotLog: '/var/log/mail.log',
    });
    const own = loadConfig({ ...DEBIAN, HAVEN_DOVECOT_LOG: '/var/log/dovecot.log' });
    expect(own.statistics.dovecotLog).toBe('/var/log/dovecot.log');
    expect(problems({ ...DEBIAN, HAVEN_POSTFIX_LOG: 'mail.log' })).toContain(
      '  HAVEN_POSTFIX_LOG: must be an absolute path',
    );
  });

  it('debian: refuses to start without a public address, a shared secret or a MariaDB account, naming each', () => {
    const message = problems({ HAVEN_PROFILE: 'debian' });
    expect(message).toContain('PUBLIC_URL: required in the debian profile');
    expect(message).toContain('HAVEN_SECRET: required in the debian profile');
    expect(message).toContain('MARIADB_URL: required in the debian profile');
  });

  it('debian: refuses a localhost PUBLIC_URL', () => {
    for (const url of [
      'http://localhost:8080',
      'http://127.0.0.1',
      'http://[::1]:8080',
      'http://panel.localhost',
    ]) {
      expect(problems({ ...DEBIAN, PUBLIC_URL: url })).toMatch(
        /PUBLIC_URL: must be the address customers use/,
      );
    }
  });

  it('names the variable of a bad value, the core and the areas alike', () => {
    const message = problems({
      PORT: 'x',
      HAVEN_WEB_LISTEN: 'not-an-address',
      MARIADB_URL: 'postgres://x',
      HAVEN_PROFILE: 'bsd',
      PDNS_API_URL: 'http://127.0.0.1:8081',
    });
    for (const name of ['PORT', 'HAVEN_WEB_LISTEN', 'MARIADB_URL', 'HAVEN_PROFILE'])
      expect(message).toContain(`  ${name}: `);
    expect(message).toContain('  PDNS_API_KEY: required when PDNS_API_URL is set');
  });

  it('takes the proxy socket as an absolute path and its group as a plain group name', () => {
    expect(problems({ PROXY_SOCKET: 'run/panel.sock' })).toMatch(
      /PROXY_SOCKET: must be an absolute path/,
    );
    expect(
      problems({ PROXY_SOCKET: '/run/haven/panel.sock', PROXY_SOCKET_GROUP: 'www-data;id' }),
    ).toMatch(/PROXY_SOCKET_GROUP: must be a group name/);
  });

  it('docs/operations.md lists every variable', () => {
    const docs = readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
    // A table row that starts with the variable (Prettier pads the cells); the node's too.
    const missing = [...settingNames(), ...serviceSettingNames()].filter(
      (name) => !new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm').test(docs),
    );
    expect(missing).toEqual([]);
  });
});
