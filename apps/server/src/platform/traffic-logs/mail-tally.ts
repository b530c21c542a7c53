import { domainOf, parseDovecotLine, parsePostfixLine } from './mail-lines.ts';
import type { DayBytes } from './traffic-logs.port.ts';

/** domain -> day -> bytes. */
export type DomainDays = Map<string, Map<string, DayBytes>>;

/** Messages whose size was logged but whose queue file was not removed yet, at most this many. */
const MAX_PENDING = 50_000;

function add(to: DomainDays, domain: string, day: string, inBytes: number, outBytes: number) {
  const days = to.get(domain) ?? new Map<string, DayBytes>();
  to.set(domain, days);
  const d = days.get(day) ?? { in: 0, out: 0 };
  d.in += inBytes;
  d.out += outBytes;
  days.set(day, d);
}

interface Pending {
  from: string | null;
  size: number;
  /** Domains already counted for this message: the sender's (out) and the recipients' (in). */
  outDone: boolean;
  inDone: Set<string>;
}

/**
 * Postfix names a message's size once (qmgr, by queue id) and each delivery on its own line,
 * possibly in a later read: the sizes wait here, by queue id, until qmgr logs `removed`. Counted
 * at delivery (`status=sent`), each message once for its sender's domain (out) and once for
 * each domain that received it (in), however many of its mailboxes did; a deferred message
 * that qmgr brings back is not counted again.
 */
export function createPostfixTally() {
  const pending = new Map<string, Pending>();
  return {
    /** Adds one line to `days` (in: received by the domain, out: sent from it). */
    line(text: string, domains: ReadonlySet<string>, days: DomainDays, now: Date): void {
      const e = parsePostfixLine(text, now);
      if (!e) return;
      if (e.kind === 'removed') {
        pending.delete(e.id);
        return;
      }
      if (e.kind === 'queued') {
        const known = pending.get(e.id);
        if (known) known.size = e.size;
        else
          pending.set(e.id, {
            from: domainOf(e.from),
            size: e.size,
            outDone: false,
            inDone: new Set(),
          });
        if (pending.size > MAX_PENDING) {
          const oldest = pending.keys().next().value;
          if (oldest !== undefined) pending.delete(oldest);
        }
        return;
      }
      const p = pending.get(e.id);
      if (!p) return;
      if (p.from && !p.outDone && domains.has(p.from)) {
        p.outDone = true;
        add(days, p.from, e.day, 0, p.size);
      }
      const to = domainOf(e.to);
      if (to && !p.inDone.has(to) && domains.has(to)) {
        p.inDone.add(to);
        add(days, to, e.day, p.size, 0);
      }
    },
  };
}
export type PostfixTally = ReturnType<typeof createPostfixTally>;

/** Adds one Dovecot line: a session's bytes to the domain of its user (in: from the client). */
export function tallyDovecotLine(
  text: string,
  domains: ReadonlySet<string>,
  days: DomainDays,
  now: Date,
): void {
  const s = parseDovecotLine(text, now);
  const domain = s ? domainOf(s.user) : null;
  if (s && domain && domains.has(domain)) add(days, domain, s.day, s.in, s.out);
}
