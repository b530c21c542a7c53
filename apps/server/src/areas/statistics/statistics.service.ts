import {
  STATISTICS_LIMITS,
  TRAFFIC_FIELDS,
  type Overview,
  type TrafficCounts,
  type TrafficReport,
} from '@haven/contract/statistics';
import type { Clock } from '../../lib/clock.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { DiskUsageSource } from '../../model/disk-usage.ts';
import type { MailboxUsage } from '../../model/mailbox-usage.ts';
import { daysBetween, resolveRange } from './date-range.ts';
import type { StatisticsStore } from './statistics.store.ts';
import type { TrafficRefresh } from './traffic-refresh.ts';

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
  /** The file manager's quota's measurement: the one figure the plan's disk space holds. */
  disk: DiskUsageSource;
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

    /** New log lines read and the disk measured again, now. */
    async refresh(domain: DomainRef) {
      const [refreshed_at] = await Promise.all([
        deps.refresh.domain(domain),
        deps.disk.measure(domain),
      ]);
      return { refreshed_at };
    },

    async overview(domain: DomainRef): Promise<Overview> {
      const [usage, plan, counts, mailboxes] = await Promise.all([
        deps.disk.current(domain),
        store.plan(domain.id),
        deps.counts(domain.id),
        deps.mail.top(domain.id, Number.MAX_SAFE_INTEGER).then((l) => l.length),
      ]);
      const { used, limit, ...disk_usage } = usage;
      return {
        limits: {
          disk_space: limit,
          disk_used: used,
          warning: limit > 0 && used >= limit * STATISTICS_LIMITS.warnAtShare,
          max_databases: Number(plan?.max_databases ?? 0),
        },
        disk_usage,
        other: { ...counts, mailboxes },
      };
    },

    topMailboxes: async (domain: DomainRef) => ({
      mailboxes: await deps.mail.top(domain.id, STATISTICS_LIMITS.topMailboxes),
    }),
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
