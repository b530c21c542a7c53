import { readdir, readFile } from 'node:fs/promises';
import { findBinary } from '../../src/platform/supervisor/binaries.ts';
import { findPhpVersions } from '../../src/platform/web-server/php-versions.ts';
import { freePort, freePorts } from '../free-port.ts';

/**
 * What keeps a live-node test from running here: the binaries it needs that are not installed,
 * and PHP-FPM when no version is. Empty when it can run (root is the test's own condition).
 */
export async function missingForNode(binaries: readonly string[]): Promise<string[]> {
  const found = await Promise.all(binaries.map(async (b) => ((await findBinary(b)) ? null : b)));
  const php = (await findPhpVersions()).at(-1);
  return [...found.filter((b): b is string => b !== null), ...(php ? [] : ['php-fpm'])];
}

/** The ports a test node's web, FTP and DNS services take (the test talks to them). */
export interface NodePorts {
  web: number;
  ftp: number;
  dns: number;
  api: number;
  /** The first of ten passive FTP ports: pure-ftpd must be told its range before it starts. */
  passive: number;
}

/** Free ports on 127.0.0.1, the passive range ten in a row. */
export async function pickNodePorts(): Promise<NodePorts> {
  return {
    web: await freePort(),
    ftp: await freePort(),
    dns: await freePort(),
    api: await freePort(),
    passive: await freePorts(10),
  };
}

/**
 * The environment that starts a test node on `ports`. The node starts every service it finds
 * installed, so the mail services and webmail get free ports of their own; rspamd stays off (it
 * has its own opt-in test, HAVEN_RSPAMD_TEST=1).
 */
export async function nodeEnv(ports: NodePorts): Promise<Record<string, string>> {
  return {
    HAVEN_SERVICES: 'on',
    HAVEN_WEB_LISTEN: `127.0.0.1:${ports.web}`,
    HAVEN_FTP_PORT: String(ports.ftp),
    HAVEN_FTP_PASSIVE_PORTS: `${ports.passive}-${ports.passive + 9}`,
    HAVEN_DNS_PORT: String(ports.dns),
    HAVEN_PDNS_API_PORT: String(ports.api),
    HAVEN_SMTP_PORT: String(await freePort()),
    HAVEN_IMAP_PORT: String(await freePort()),
    HAVEN_LMTP_PORT: String(await freePort()),
    HAVEN_WEBMAIL_PORT: String(await freePort()),
    HAVEN_MAIL_FILTER: 'off',
  };
}

/** Every live pid whose process group is one of `groups` (a master and the workers it forked). */
export async function groupMembers(groups: number[]): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // Fields after the command's closing parenthesis: state, ppid, pgrp.
    const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    if (groups.includes(pgrp) && !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z'))
      found.push(Number(name));
  }
  return found;
}
