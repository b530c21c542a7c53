import {
  STATISTICS_LIMITS,
  TRAFFIC_FIELDS,
  type DiskUsage,
  type Overview,
  type TrafficCounts,
  type TrafficReport,
} from '@haven/contract/statistics';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { MailboxUsage } from '../../model/mailbox-usage.ts';
import { daysBetween, resolveRange } from './date-range.ts';
import type { StatisticsStore } from './statistics.store.ts';
import type { TrafficRefresh } from './traffic-refresh.ts';

/** What disk usage is measured with: the home's folders, MariaDB, mail. */
export interface DiskMeter {
  /** Bytes below a folder of the home (`httpdocs`, ...); 0 when it does not exist. */
  folder(domain: string, rel: string): Promise<number>;
  /** MariaDB's own figure for the domain's databases; null when it cannot be reached. */
  databases(domainId: number): Promise<number | null>;
}

const zero = (): TrafficCounts => ({
  http_in: 0,
  http_out: 0,
  ftp_in: 0,
  ftp_out: 0,
  smtp_in: 0,
  smtp_out: 0,
  pop3_imap_in: 0,
  pop3_imap_out: 0,
});

export function createStatisticsService(deps: {
  store: StatisticsStore;
  refresh: TrafficRefresh;
  meter: DiskMeter;
  mail: MailboxUsage;
  /** Other areas' object counts, through the registry. */
  counts: (domainId: number) => Promise<{
    subdomains: number;
    databases: number;
    ftp_accounts: number;
  }>;
  clock: Clock;
}) {
  const { store, clock } = deps;

  async function measure(domain: DomainRef): Promise<DiskUsage> {
    const [httpdocs, httpsdocs, subdomains, databases, mailboxes] = await Promise.all([
      deps.meter.folder(domain.name, 'httpdocs'),
      deps.meter.folder(domain.name, 'httpsdocs'),
      deps.meter.folder(domain.name, 'subdomains'),
      deps.meter.databases(domain.id),
      deps.mail.total(domain.id),
    ]);
    const usage = {
      httpdocs,
      httpsdocs,
      subdomains,
      databases,
      mailboxes,
      measured_at: clock.now(),
    };
    await store.setState(domain.id, usage);
    return usage;
  }

  /** The cached figures while fresh, else measured again (and cached with the time). */
  async function diskUsage(domain: DomainRef): Promise<DiskUsage> {
    const s = await store.state(domain.id);
    const at = s?.measured_at == null ? null : Number(s.measured_at);
    if (!s || at === null || clock.now() - at > STATISTICS_LIMITS.diskUsageMaxAgeMs)
      return measure(domain);
    const n = (v: number | null) => Number(v ?? 0);
    return {
      httpdocs: n(s.httpdocs),
      httpsdocs: n(s.httpsdocs),
      subdomains: n(s.subdomains),
      databases: s.databases === null ? null : n(s.databases),
      mailboxes: n(s.mailboxes),
      measured_at: at,
    };
  }

  return {
    async traffic(
      domain: DomainRef,
      query: { from?: string | undefined; to?: string | undefined },
    ): Promise<TrafficReport> {
      const { from, to } = resolveRange(clock.now(), query);
      const rows = new Map((await store.days(domain.id, from, to)).map((r) => [r.day, r]));
      const total = zero();
      const days = daysBetween(from, to).map((date) => {
        const row = rows.get(date);
        const counts = zero();
        for (const f of TRAFFIC_FIELDS) {
          counts[f] = Number(row?.[f] ?? 0);
          total[f] += counts[f];
        }
        return { date, ...counts };
      });
      const state = await store.state(domain.id);
      const refreshed = state?.refreshed_at == null ? null : Number(state.refreshed_at);
      return { from, to, days, total, refreshed_at: refreshed };
    },

    refresh: async (domain: DomainRef) => ({ refreshed_at: await deps.refresh.domain(domain) }),

    async overview(domain: DomainRef): Promise<Overview> {
      const [usage, plan, counts, mailboxes] = await Promise.all([
        diskUsage(domain),
        store.plan(domain.id),
        deps.counts(domain.id),
        deps.mail.top(domain.id, Number.MAX_SAFE_INTEGER).then((l) => l.length),
      ]);
      const space = Number(plan?.disk_quota_mb ?? 0) * 1_000_000;
      const used =
        usage.httpdocs +
        usage.httpsdocs +
        usage.subdomains +
        (usage.databases ?? 0) +
        usage.mailboxes;
      return {
        limits: {
          disk_space: space,
          disk_used: used,
          warning: space > 0 && used >= space * STATISTICS_LIMITS.warnAtShare,
          max_databases: Number(plan?.max_databases ?? 0),
        },
        disk_usage: usage,
        other: { ...counts, mailboxes },
      };
    },

    topMailboxes: async (domain: DomainRef) => ({
      mailboxes: await deps.mail.top(domain.id, STATISTICS_LIMITS.topMailboxes),
    }),
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
