import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mailLogDay, parseDovecotLine, parsePostfixLine } from './mail-lines.ts';
import { createLocalTrafficLogs } from './traffic-logs.local.ts';

const NOW = new Date('2026-11-26T23:00:00Z');
const D = 'klant1.test';

// Lines as the supervised Postfix 3.7 and Dovecot 2.3 wrote them (mail.integration.test.ts).
const pf = (id: string, rest: string, daemon = 'lmtp') =>
  `Nov 26 22:42:20 mail postfix/${daemon}[19767]: ${id}: ${rest}\n`;
const queued = (id: string, from: string, size: number) =>
  pf(id, `from=<${from}>, size=${size}, nrcpt=1 (queue active)`, 'qmgr');
const sent = (id: string, to: string, extra = '') =>
  pf(
    id,
    `to=<${to}>, ${extra}relay=127.0.0.1[127.0.0.1]:41163, delay=0.22, delays=0.15/0.01/0.05/0.02, dsn=2.0.0, status=sent (250 2.0.0 <${to}> RxiwNsy1CGs5TQAAg+zDdQ Saved)`,
  );
const removed = (id: string) => pf(id, 'removed', 'qmgr');
const imap = (user: string, i: number, o: number) =>
  `Nov 26 22:42:21 imap(${user})<19772><0f8QqDVhaqB/AAAB>: Info: Disconnected: Logged out in=${i} out=${o} deleted=0 expunged=0 trashed=0 hdr_count=0 hdr_bytes=0 body_count=0 body_bytes=0\n`;

describe('mail log lines', () => {
  it('reads the day of classic, ISO and syslog lines, the year from now', () => {
    expect(mailLogDay('Nov 26 22:42:20 mail postfix/qmgr[1]: x', NOW)).toBe('2026-11-26');
    expect(mailLogDay('Dec  3 01:00:00 host dovecot: x', NOW)).toBe('2025-12-03');
    expect(mailLogDay('2026-11-25T10:00:00.123+01:00 host postfix/smtp[1]: x', NOW)).toBe(
      '2026-11-25',
    );
    expect(mailLogDay('junk', NOW)).toBeNull();
    expect(mailLogDay('Foo 26 22:42:20 x', NOW)).toBeNull();
  });

  it("parses qmgr's size, a delivery, a removal; not a bounce or other daemons' lines", () => {
    expect(parsePostfixLine(queued('BB3DD40C2F0', 'a@b.test', 468), NOW)).toEqual({
      kind: 'queued',
      id: 'BB3DD40C2F0',
      from: 'a@b.test',
      size: 468,
    });
    expect(parsePostfixLine(sent('BB3DD40C2F0', `anna@${D}`), NOW)).toEqual({
      kind: 'sent',
      id: 'BB3DD40C2F0',
      day: '2026-11-26',
      to: `anna@${D}`,
    });
    expect(parsePostfixLine(removed('BB3DD40C2F0'), NOW)).toEqual({
      kind: 'removed',
      id: 'BB3DD40C2F0',
    });
    const bounced = pf(
      'X1',
      `to=<x@${D}>, relay=none, delay=0, dsn=5.1.1, status=bounced (unknown)`,
    );
    expect(parsePostfixLine(bounced, NOW)).toBeNull();
    expect(parsePostfixLine(pf('X1', 'client=localhost[127.0.0.1]', 'smtpd'), NOW)).toBeNull();
    expect(
      parsePostfixLine('Nov 26 22:42:18 mail postfix/master[1]: daemon started', NOW),
    ).toBeNull();
    expect(parsePostfixLine('complete junk', NOW)).toBeNull();
  });

  it("parses Dovecot's logout line with in= and out=; not a login or a line without bytes", () => {
    expect(parseDovecotLine(imap(`anna@${D}`, 290, 2117), NOW)).toEqual({
      day: '2026-11-26',
      user: `anna@${D}`,
      in: 290,
      out: 2117,
    });
    const syslog = `2026-11-26T10:00:00+01:00 host dovecot: pop3(bob@${D})<7><s>: Disconnected: Logged out in=12 out=3456 top=0/0`;
    expect(parseDovecotLine(syslog, NOW)).toMatchObject({ user: `bob@${D}`, in: 12, out: 3456 });
    const login = `Nov 26 22:42:21 imap-login: Info: Login: user=<anna@${D}>, method=PLAIN, rip=127.0.0.1`;
    expect(parseDovecotLine(login, NOW)).toBeNull();
    expect(
      parseDovecotLine(`Nov 26 22:42:21 pop3(a@${D})<1><s>: Info: Logged out top=0/0`, NOW),
    ).toBeNull();
    expect(parseDovecotLine('in=1 out=2', NOW)).toBeNull();
  });
});

describe('mail logs read incrementally', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true }))));
  const file = async (name: string) => {
    const dir = await mkdtemp(join(tmpdir(), 'haven-mail-lines-'));
    dirs.push(dir);
    return join(dir, name);
  };
  const logs = createLocalTrafficLogs(() => NOW.getTime());
  const day = (read: { domains: Map<string, Map<string, unknown>> }, domain: string) =>
    read.domains.get(domain)?.get('2026-11-26');

  it('counts a message once per receiving domain and once for the sending one', async () => {
    const log = await file('postfix.log');
    await writeFile(
      log,
      'junk\n' +
        queued('A1', 'sender@elsewhere.test', 468) +
        sent('A1', `anna@${D}`) +
        removed('A1') +
        // A group: two mailboxes of the domain, one message in.
        queued('A2', 'sender@elsewhere.test', 467) +
        sent('A2', `anna@${D}`, `orig_to=<team@${D}>, `) +
        sent('A2', `bob@${D}`, `orig_to=<team@${D}>, `) +
        removed('A2') +
        // Sent by the domain to another server, and to a domain not known here.
        queued('A3', `Anna@${D.toUpperCase()}`, 1000) +
        sent('A3', 'x@unknown.test') +
        sent('A3', 'y@unknown.test') +
        removed('A3') +
        queued('A4', 'a@unknown.test', 5000) +
        sent('A4', 'b@other.test') +
        // Split at the end of the file: the delivery is written after this read.
        queued('A5', 'sender@elsewhere.test', 70) +
        sent('A5', `anna@${D}`).slice(0, 40),
    );
    const first = await logs.readPostfix(log, [D, 'other.test'], null);
    expect(day(first, D)).toEqual({ in: 468 + 467, out: 1000 });
    expect(day(first, 'other.test')).toEqual({ in: 5000, out: 0 });
    expect(first.domains.has('unknown.test')).toBe(false);

    await appendFile(log, sent('A5', `anna@${D}`).slice(40) + removed('A5'));
    const second = await logs.readPostfix(log, [D], first.cursor);
    expect(day(second, D)).toEqual({ in: 70, out: 0 });
    const third = await logs.readPostfix(log, [D], second.cursor);
    expect(third.domains.size).toBe(0);
  });

  it('counts a deferred message once, at its delivery; a bounce to nobody as out', async () => {
    const log = await file('postfix.log');
    const deferred = pf(
      'B1',
      `to=<anna@${D}>, relay=none, delay=1, dsn=4.4.1, status=deferred (x)`,
    );
    await writeFile(
      log,
      queued('B1', `bob@${D}`, 300) +
        deferred +
        // qmgr brings the message back later: its size line again, then the delivery.
        queued('B1', `bob@${D}`, 300) +
        sent('B1', `anna@${D}`) +
        removed('B1') +
        queued('B2', '', 900) +
        sent('B2', `bob@${D}`),
    );
    const read = await logs.readPostfix(log, [D], null);
    expect(day(read, D)).toEqual({ in: 300 + 900, out: 300 });
  });

  it("adds each IMAP session's bytes to its user's domain, a half line later", async () => {
    const log = await file('dovecot.log');
    const last = imap(`bob@${D}`, 5, 50);
    await writeFile(
      log,
      'Nov 26 22:42:15 master: Info: Dovecot v2.3.19.1 starting up\n' +
        imap(`anna@${D}`, 290, 2117) +
        imap('eve@unknown.test', 1, 99999) +
        imap(`anna@${D}`, 252, 1138) +
        last.slice(0, 30),
    );
    const first = await logs.readDovecot(log, [D], null);
    expect(day(first, D)).toEqual({ in: 542, out: 3255 });
    expect(first.domains.size).toBe(1);
    await appendFile(log, last.slice(30));
    const second = await logs.readDovecot(log, [D], first.cursor);
    expect(day(second, D)).toEqual({ in: 5, out: 50 });
  });
});
