import pRetry from 'p-retry';

/** What rspamd answers for a scan (`/checkv2`), the parts Haven reads. */
export interface ScanResult {
  action: string;
  score: number;
  required_score: number;
  symbols: Record<string, { score: number }>;
  /** Headers the MTA should add (DKIM-Signature among them when signed). */
  milter?: { add_headers?: Record<string, { value: string } | { value: string }[]> };
  'dkim-signature'?: string | string[];
}

export interface ScanInput {
  message: string | Uint8Array;
  /** Envelope sender and recipients, the client's address, the authenticated user if any. */
  from?: string;
  rcpt?: readonly string[];
  ip?: string;
  user?: string;
}

/** Header values must not carry line breaks into the request. */
function clean(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error('a header value holds a line break');
  return value;
}

/** Scans a message with the normal worker, as the milter does for Postfix. */
export async function scanMessage(normalUrl: string, input: ScanInput): Promise<ScanResult> {
  const headers: Record<string, string> = {};
  if (input.from) headers.From = clean(input.from);
  if (input.ip) headers.IP = clean(input.ip);
  if (input.user) headers.User = clean(input.user);
  const body = typeof input.message === 'string' ? input.message : Buffer.from(input.message);
  const rcpt = (input.rcpt ?? []).map(clean);
  // One Rcpt header per recipient (rspamd's protocol); fetch joins repeated names, so pass a list.
  const list: [string, string][] = [
    ...Object.entries(headers),
    ...rcpt.map((r): [string, string] => ['Rcpt', r]),
  ];
  const res = await fetch(`${normalUrl}/checkv2`, {
    method: 'POST',
    headers: list,
    body,
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`rspamd scan: HTTP ${res.status}`);
  return (await res.json()) as ScanResult;
}

/** The DKIM-Signature header values rspamd asks the MTA to add. */
export function dkimSignatures(result: ScanResult): string[] {
  const top = result['dkim-signature'];
  if (top) return Array.isArray(top) ? top : [top];
  const add = result.milter?.add_headers?.['DKIM-Signature'];
  if (!add) return [];
  return (Array.isArray(add) ? add : [add]).map((h) => h.value);
}

/**
 * What a learn call did: learned now, the classifier knew the message already, or it skipped it
 * (fewer words than the classifier's `min_tokens`: nothing to learn from).
 */
export type LearnOutcome = 'learned' | 'known' | 'skipped';

/** rspamd's SQLite statistics answer this while another worker holds the file (see `learn`). */
class StatisticsLocked extends Error {}

/**
 * Teaches the Bayes classifier: the controller's `/learnspam` or `/learnham`, as
 * `rspamc learn_spam` does. A message learned before as the other kind is unlearned from it
 * first (rspamd's learn cache); one learned before as the same kind answers `known`.
 * After a reload (every mailbox change sends one) the old controller may still hold the SQLite
 * statistics for a moment: rspamd then answers 500 "database is locked" and nothing was learned,
 * so that answer is tried again, for up to about 3 s.
 */
export async function learn(
  controllerUrl: string,
  kind: 'spam' | 'ham',
  message: string | Uint8Array,
  retry: { minTimeout: number } = { minTimeout: 100 },
): Promise<LearnOutcome> {
  const body = typeof message === 'string' ? message : Buffer.from(message);
  const once = async (): Promise<LearnOutcome> => {
    const res = await fetch(`${controllerUrl}/learn${kind}`, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    // 208 (Already Reported): the learn cache has this message as this kind.
    if (res.status === 208 || /already learned/i.test(text)) return 'known';
    // rspamd answers 204 with an error text when the message has too few tokens.
    if (res.status === 204) return 'skipped';
    if (res.ok) return 'learned';
    const error = `rspamd learn ${kind}: HTTP ${res.status} ${text.slice(0, 200)}`;
    throw /database is locked/i.test(text) ? new StatisticsLocked(error) : new Error(error);
  };
  return pRetry(once, {
    retries: 5,
    minTimeout: retry.minTimeout,
    factor: 2,
    shouldRetry: ({ error }) => error instanceof StatisticsLocked,
  });
}

/** The classifier's learn counters from the controller's `/stat` (what `rspamc stat` prints). */
export interface LearnStats {
  /** Messages learned in total. */
  learned: number;
  /** Per statfile symbol (`BAYES_SPAM`, `BAYES_HAM`): its revision, one per learned message. */
  revisions: Record<string, number>;
}

export async function learnStats(controllerUrl: string): Promise<LearnStats> {
  const res = await fetch(`${controllerUrl}/stat`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`rspamd stat: HTTP ${res.status}`);
  const stat = (await res.json()) as {
    learned?: number;
    statfiles?: { symbol?: string; revision?: number }[];
  };
  const revisions: Record<string, number> = {};
  for (const f of stat.statfiles ?? [])
    if (f.symbol) revisions[f.symbol] = (revisions[f.symbol] ?? 0) + (f.revision ?? 0);
  return { learned: stat.learned ?? 0, revisions };
}
