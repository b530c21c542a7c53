import type { Selectable } from 'kysely';
import type { JobsTable } from '../db/schema.ts';
import type { Logger } from './logger.ts';

/** What a job handler gets: its payload, a progress reporter, a stop signal and its logger. */
export interface JobContext<P> {
  id: string;
  /** Logs with the job's id and kind. */
  log: Logger;
  payload: P;
  domainId: number | null;
  /** 0..100; cheap to call often (throttled). */
  progress(percent: number): Promise<void>;
  signal: AbortSignal;
}

export interface JobHandler<P = unknown, R = unknown> {
  run(ctx: JobContext<P>): Promise<R>;
  /**
   * Whether a job interrupted by a restart may simply run again (idempotent work). Others are
   * marked failed with `interrupted`.
   */
  resumable: boolean;
}

/**
 * Long work (zip, web app installs, certificates, statistics) behind one interface: the
 * in-process SQL runner now, a PostgreSQL queue with agents when Haven drives several servers.
 */
export interface JobRunner {
  register<P, R>(kind: string, handler: JobHandler<P, R>): void;
  enqueue<P>(kind: string, domainId: number | null, payload: P): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when no job is queued or running in this process (tests, shutdown). */
  idle(): Promise<void>;
}

/** What an area reads of its own jobs (the jobs area's store implements it; core.ts builds it). */
export interface JobRecords {
  byId(id: string): Promise<Selectable<JobsTable> | undefined>;
  /** The most recent failed jobs of these domains, newest first (what a ticket can be about). */
  failedOf(
    domainIds: readonly number[],
    limit: number,
  ): Promise<Pick<Selectable<JobsTable>, 'domain_id' | 'id' | 'kind'>[]>;
}
