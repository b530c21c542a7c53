import type { WebsiteForward, WebsiteForwards } from '../../model/website-forwards.ts';
import { unavailable } from './dns.errors.ts';
import type { RecordDraft } from './dns-records.ts';

/** The zone's website forward (at most one, dns-rules.ts), or null. */
export function forwardOf(records: readonly RecordDraft[]): WebsiteForward | null {
  const row = records.find((r) => r.kind === 'FORWARD');
  return row ? { target: row.value, status: row.redirect ?? 301 } : null;
}

export const sameForward = (a: WebsiteForward | null, b: WebsiteForward | null) =>
  a?.target === b?.target && a?.status === b?.status;

/**
 * Has the web server serve a domain's forward (the FORWARD record's redirect), answering the
 * DNS area's `forward_unavailable` when it refuses; the caller undoes its other steps then.
 */
export function createForwardServing(
  forwards: WebsiteForwards,
  logger: { error(obj: object, msg: string): void },
) {
  async function serve(domain: string, forward: WebsiteForward | null): Promise<boolean> {
    try {
      return await forwards.serve(domain, forward);
    } catch (error) {
      logger.error({ err: error, domain }, 'the web server did not take the website forward');
      throw unavailable('forward_unavailable', error);
    }
  }
  /** Puts the old forward back after a later step failed; a failure here is only logged. */
  const restore = (domain: string, forward: WebsiteForward | null) =>
    forwards
      .serve(domain, forward)
      .catch((e: unknown) => logger.error({ err: e, domain }, 'restoring the forward failed'));
  return { serve, restore };
}
