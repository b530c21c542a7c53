import { fail, conflict } from './dns.errors.ts';
import type { DnsSettings } from './dns-provider-settings.ts';
import { ownerName, relativeTo, type RecordDraft } from './dns-records.ts';
import { renderRecord } from './zone-builder.ts';

/** Kinds that give a name an address (what an in-zone MX target needs). */
const ADDRESS_KINDS = new Set(['A', 'AAAA', 'CNAME', 'HOST', 'FORWARD']);
/** Kinds the website-forward rule counts as the domain's own address records. */
const FORWARD_BLOCKERS = new Set(['A', 'AAAA', 'HOST']);

export interface RuleContext {
  domain: string;
  /** Every record of the zone except the one being added, changed or deleted. */
  others: readonly RecordDraft[];
  hasSpamfilter: boolean;
  settings: DnsSettings;
}

const isApexOrWildcard = (host: string) => host === '' || host.startsWith('*');

const SPF = /^v=spf1(\s|$)/i;
const DMARC = /^v=dmarc1(\s|;|$)/i;

/**
 * The mail policy a TXT record states at its name: SPF anywhere, DMARC at a `_dmarc` name.
 * Receivers treat two such policies at one name as an error (RFC 7208 4.5, RFC 7489 6.6.3).
 */
export function mailPolicyOf(d: RecordDraft): 'spf' | 'dmarc' | null {
  if (d.kind !== 'TXT') return null;
  const value = d.value.trim();
  if (SPF.test(value)) return 'spf';
  const owner = ownerName(d);
  return (owner === '_dmarc' || owner.startsWith('_dmarc.')) && DMARC.test(value) ? 'dmarc' : null;
}

/**
 * A second SPF or DMARC policy at a name is refused: edit the existing one instead. Replacing a
 * policy by one of the same kind at the same name (editing it in place) adds none.
 */
function checkMailPolicy(
  d: RecordDraft,
  atOwner: readonly RecordDraft[],
  replacing: RecordDraft | undefined,
): void {
  const policy = mailPolicyOf(d);
  if (!policy) return;
  if (replacing && mailPolicyOf(replacing) === policy && ownerName(replacing) === ownerName(d))
    return;
  if (atOwner.some((o) => mailPolicyOf(o) === policy))
    throw conflict(policy === 'spf' ? 'spf_exists' : 'dmarc_exists');
}

/** Whether a wildcard (or the name itself) answers for `name`. */
function answersFor(owner: string, name: string): boolean {
  if (owner === name) return true;
  if (!owner.startsWith('*')) return false;
  const suffix = owner.slice(1); // '' for '*', '.shop' for '*.shop'
  return name.endsWith(suffix) && name.length > suffix.length;
}

/**
 * The zone rules for a record about to be added or to replace another (specs part 1 §5, part 2
 * §5): spam filter lock, CNAME alone at its name and never at the apex, no duplicates, one SPF
 * and one DMARC policy per name, the MX prerequisite, and one website forward that needs the
 * apex free of address records. `replacing`: the record an edit changes.
 */
export function checkRecord(d: RecordDraft, ctx: RuleContext, replacing?: RecordDraft): void {
  if (ctx.hasSpamfilter && d.kind === 'MX') throw conflict('spamfilter_active');
  const owner = ownerName(d);
  if (d.kind === 'CNAME' && owner === '')
    throw fail('cname_apex', 'invalid', { host: 'cname_apex' });
  const atOwner = ctx.others.filter((o) => ownerName(o) === owner);
  if (d.kind === 'CNAME' ? atOwner.length > 0 : atOwner.some((o) => o.kind === 'CNAME'))
    throw conflict('cname_conflict');

  // Before the duplicate check: a second forward renders the very same apex addresses, and the
  // customer must learn that only one forward may exist, not that the record is a duplicate.
  if (d.kind === 'FORWARD') {
    if (ctx.others.some((o) => o.kind === 'FORWARD')) throw conflict('forward_exists');
    if (ctx.others.some((o) => FORWARD_BLOCKERS.has(o.kind) && isApexOrWildcard(o.host)))
      throw conflict('forward_address_conflict');
  } else if (
    FORWARD_BLOCKERS.has(d.kind) &&
    isApexOrWildcard(d.host) &&
    ctx.others.some((o) => o.kind === 'FORWARD')
  ) {
    throw conflict('forward_exists');
  }

  const mine = renderRecord(d, ctx.settings);
  const theirs = new Set(
    atOwner.flatMap((o) => renderRecord(o, ctx.settings)).map((r) => `${r.type} ${r.content}`),
  );
  if (mine.some((r) => theirs.has(`${r.type} ${r.content}`))) throw conflict('duplicate_record');
  checkMailPolicy(d, atOwner, replacing);

  if (d.kind === 'MX') {
    const inZone = relativeTo(d.value, ctx.domain);
    if (
      inZone !== null &&
      !ctx.others.some((o) => ADDRESS_KINDS.has(o.kind) && answersFor(ownerName(o), inZone))
    )
      throw fail('mx_prerequisite', 'invalid', { value: 'mx_prerequisite' });
  }
}

/** Whether a record may be deleted (or replaced): the spam filter owns the MX records. */
export function checkRemoval(d: RecordDraft, ctx: Pick<RuleContext, 'hasSpamfilter'>): void {
  if (ctx.hasSpamfilter && d.kind === 'MX') throw conflict('spamfilter_active');
}

/** Why a kind cannot be added right now, for the add screen (null: it can). */
export function blockedKind(
  kind: RecordDraft['kind'],
  records: readonly RecordDraft[],
  hasSpamfilter: boolean,
): 'spamfilter_active' | 'forward_exists' | 'forward_address_conflict' | null {
  if (kind === 'MX' && hasSpamfilter) return 'spamfilter_active';
  if (kind !== 'FORWARD') return null;
  if (records.some((o) => o.kind === 'FORWARD')) return 'forward_exists';
  return records.some((o) => FORWARD_BLOCKERS.has(o.kind) && isApexOrWildcard(o.host))
    ? 'forward_address_conflict'
    : null;
}
