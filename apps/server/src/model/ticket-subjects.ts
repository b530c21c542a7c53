/**
 * What a helpdesk ticket can be about beyond the domain itself: objects other areas own. The
 * helpdesk asks through this; the registry answers from the databases area and the job records.
 */
export interface TicketSubjects {
  /** The databases of these domains, by name. */
  databases(domainIds: readonly number[]): Promise<{ domain_id: number; name: string }[]>;
  /** The most recent failed jobs of these domains, newest first. */
  failedJobs(
    domainIds: readonly number[],
    limit: number,
  ): Promise<{ domain_id: number | null; id: string; kind: string }[]>;
}
