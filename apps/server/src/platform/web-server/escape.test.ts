import { describe, expect, it } from 'vitest';
import {
  fpmValue,
  htpasswdLine,
  nginxLines,
  nginxString,
  phpIniLine,
  pureFtpdLine,
  safeRealm,
} from './escape.ts';

describe('config escaping', () => {
  it('quotes nginx strings and escapes quotes and backslashes', () => {
    expect(nginxString('/var/www/a b/httpdocs')).toBe('"/var/www/a b/httpdocs"');
    expect(nginxString('say "hi" \\ ok;}')).toBe('"say \\"hi\\" \\\\ ok;}"');
  });

  it.each(['a\nb', 'a\rb', 'a\0b', '$document_root', 'x${y}'])('refuses %j in nginx', (v) => {
    expect(() => nginxString(v)).toThrow(/not safe/);
  });

  it('joins PHP_VALUE lines with nginx escapes, never raw newlines', () => {
    expect(nginxLines(['a=1', 'b=2'])).toBe('"a=1\\nb=2"');
    expect(() => nginxLines(['a=1\nauto_prepend_file=/etc/passwd'])).toThrow();
  });

  it('refuses what could escape a PHP-FPM value', () => {
    expect(fpmValue('/srv/home/:/tmp/')).toBe('"/srv/home/:/tmp/"');
    for (const v of ['a"b', 'a\\b', '${HOME}', 'a\nphp_admin_value[x]=y'])
      expect(() => fpmValue(v)).toThrow();
  });

  it('keeps PHP ini lines to one key and one value', () => {
    expect(phpIniLine('memory_limit', '256M')).toBe('memory_limit=256M');
    for (const [k, v] of [
      ['memory_limit', '1;x'],
      ['memory_limit', 'a=b'],
      ['bad key', '1'],
      ['x', 'a"b'],
    ]) {
      expect(() => phpIniLine(k ?? '', v ?? '')).toThrow();
    }
  });

  it('makes a realm from any description', () => {
    expect(safeRealm('Leden "alleen" $HOME \\')).toBe('Leden alleen HOME');
    expect(safeRealm('ééé')).toBe('Restricted area');
  });

  it('writes htpasswd and pure-ftpd lines only for safe names', () => {
    const bcrypt = '$2b$10$abcdefghijklmnopqrstuu5Q0eJ7bXo3QfL9Hn3HK0Q1n3D7YpW2e';
    expect(htpasswdLine('jan', bcrypt)).toBe(`jan:${bcrypt}`);
    expect(() => htpasswdLine('jan:x', bcrypt)).toThrow();
    expect(() => htpasswdLine('jan', 'plain\nroot:x')).toThrow();
    const argon = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    expect(pureFtpdLine('webuser', argon, 33, 33, '/var/www/a.nl/httpdocs/')).toBe(
      `webuser:${argon}:33:33::/var/www/a.nl/httpdocs/./::::::::::::`,
    );
    expect(() => pureFtpdLine('web:user', argon, 33, 33, '/x')).toThrow();
    expect(() => pureFtpdLine('webuser', argon, 33, 33, '/x:/y')).toThrow();
    expect(() => pureFtpdLine('webuser', argon, 33, 33, '/x\nroot::0:0::/./')).toThrow();
    expect(() => pureFtpdLine('webuser', argon, 33, 33, 'relative')).toThrow();
  });
});
