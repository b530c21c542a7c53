import { describe, expect, it } from 'vitest';
import { UnsafeConfigValueError } from '../web-server/escape.ts';
import { roundcubeLayout } from './roundcube-layout.ts';
import {
  phpString,
  renderRoundcubeConfig,
  renderRoundcubeIndex,
  renderSsoConfig,
  type RoundcubeSettings,
} from './roundcube-render.ts';
import { renderRoundcubeFpm, renderRoundcubeVhost } from './roundcube-serve-render.ts';

const l = roundcubeLayout('/srv/haven');
const settings: RoundcubeSettings = {
  imapPort: 1143,
  smtpPort: 2525,
  panelUrl: 'http://127.0.0.1:8080/',
  redeemKey: "k'ey\\",
  desKey: 'abcdefghijklmnopqrstuvwx',
  master: { user: 'haven', password: 'pw' },
};

describe('Roundcube config', () => {
  it('escapes PHP strings and refuses control characters', () => {
    expect(phpString("it's a \\ path")).toBe("'it\\'s a \\\\ path'");
    expect(() => phpString('a\nb')).toThrow(UnsafeConfigValueError);
  });

  it("points Roundcube at the node's Dovecot and Postfix and Haven's dirs only", () => {
    const conf = renderRoundcubeConfig(l, settings);
    expect(conf).toContain(`$config['imap_host'] = '127.0.0.1:1143';`);
    expect(conf).toContain(`$config['smtp_host'] = '127.0.0.1:2525';`);
    expect(conf).toContain(
      `$config['db_dsnw'] = 'sqlite:////srv/haven/webmail/db/roundcube.sqlite?mode=0600';`,
    );
    expect(conf).toContain(`$config['plugins'] = ['haven_sso'];`);
    expect(conf).toContain(`$config['enable_installer'] = false;`);
    expect(renderRoundcubeIndex(l)).toContain(
      `define('RCMAIL_CONFIG_DIR', '/srv/haven/webmail/config');`,
    );
  });

  it('gives the plugin the redeem URL and its secrets, escaped', () => {
    const sso = renderSsoConfig(settings);
    expect(sso).toContain(`'redeem_url' => 'http://127.0.0.1:8080/api/webmail/redeem',`);
    expect(sso).toContain(`'key' => 'k\\'ey\\\\',`);
    expect(sso).toContain(`'master_password' => 'pw',`);
  });
});

describe('Roundcube serving', () => {
  it('runs the pool as the webmail account, confined to its dirs', () => {
    const fpm = renderRoundcubeFpm(
      l,
      { user: 'haven-webmail', group: 'haven-webmail' },
      { user: 'www-data', group: 'www-data' },
    );
    expect(fpm).toContain('user = haven-webmail');
    expect(fpm).toContain('listen.owner = www-data');
    const basedir = /open_basedir\] = "([^"]+)"/.exec(fpm)?.[1]?.split(':') ?? [];
    expect(basedir).toContain('/srv/haven/webmail/');
    // Nothing of the customers' homes, the data dir as a whole or the system's temp.
    expect(basedir.some((d) => d === '/srv/haven/' || d.startsWith('/tmp') || d === '/')).toBe(
      false,
    );
  });

  it('runs index.php only, refuses the plugins code and logs no query string', () => {
    const vhost = renderRoundcubeVhost(l, ['127.0.0.1:8082']);
    expect(vhost).toContain('listen 127.0.0.1:8082;');
    expect(vhost).toContain('location = /index.php {');
    expect(vhost).toContain('location ~ \\.php$ { return 403; }');
    expect(vhost).toMatch(/access_log "[^"]+" haven_path;/);
    expect(vhost.match(/fastcgi_pass/g)).toHaveLength(1);
  });
});
