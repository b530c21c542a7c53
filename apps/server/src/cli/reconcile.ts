import type { AppContext } from '../compose.ts';
import { toDomainRef } from '../customers/customers.store.ts';
import { isAppError } from '../lib/app-error.ts';
import type { Difference } from '../model/reconcile.ts';
import { UsageError } from './args.ts';

export interface ReconcileFailure {
  domain: string;
  area: string;
  error: string;
}

export interface ReconcileReport {
  domains: number;
  differences: Difference[];
  failures: ReconcileFailure[];
}

/**
 * `haven reconcile`: every area's `reconcile` hook for every domain (or the one named), in
 * registration order, then each area's `reconcileNode` once (what all domains share). A failing area is reported and the rest still runs, so one broken domain
 * never keeps the others from being repaired.
 */
export async function reconcileDomains(ctx: AppContext, only?: string): Promise<ReconcileReport> {
  const names = only ? [only.toLowerCase()] : (await ctx.operator.listDomains()).map((d) => d.name);
  const report: ReconcileReport = { domains: 0, differences: [], failures: [] };
  for (const name of names) {
    const row = await ctx.customers.domainByName(name);
    if (!row) throw new UsageError(`no such domain: ${name}`);
    report.domains += 1;
    for (const area of ctx.areas) {
      if (!area.reconcile) continue;
      try {
        report.differences.push(...(await area.reconcile(toDomainRef(row))));
      } catch (error) {
        ctx.logger.error({ err: error, area: area.name, domain: name }, 'reconcile failed');
        report.failures.push({ domain: name, area: area.name, error: failureText(error) });
      }
    }
  }
  for (const area of ctx.areas) {
    if (!area.reconcileNode) continue;
    try {
      report.differences.push(...(await area.reconcileNode()));
    } catch (error) {
      ctx.logger.error({ err: error, area: area.name }, 'reconcile failed');
      report.failures.push({ domain: 'all domains', area: area.name, error: failureText(error) });
    }
  }
  return report;
}

/** An area's code with its cause (`dns_unavailable: PowerDNS API 500: ...`), or the message. */
function failureText(error: unknown): string {
  const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
  if (!isAppError(error)) return message(error);
  return error.cause === undefined ? error.code : `${error.code}: ${message(error.cause)}`;
}

/** The report as the operator reads it: one line per repaired item, then a summary line. */
export function reportLines(report: ReconcileReport): string[] {
  const lines = [
    ...report.differences.map((d) => d.text),
    ...report.failures.map((f) => `FAILED ${f.area} of ${f.domain}: ${f.error}`),
  ];
  const domains = `${report.domains} domain${report.domains === 1 ? '' : 's'}`;
  if (report.differences.length === 0 && report.failures.length === 0)
    return [`nothing differed (${domains} checked)`];
  const n = report.differences.filter((d) => d.repaired !== false).length;
  const open = report.differences.length - n;
  return [
    ...lines,
    `${n} item${n === 1 ? '' : 's'} repaired, ${open > 0 ? `${open} left for the customer, ` : ''}${report.failures.length} failed (${domains} checked)`,
  ];
}
