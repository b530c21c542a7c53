import { applyChanges, effectiveChanges, type FileChange } from './file-changes.ts';
import type { PhpCheck } from './fpm-check.ts';

/** What one change asks of the web server: its files, and how to check and apply its PHP. */
export interface Plan {
  changes: FileChange[];
  /** What `php-fpm -t` must accept of the files that differed (its own pool: never all). */
  phpChecks(effective: FileChange[]): PhpCheck[];
  /** After nginx accepted the batch: start, reload or stop the PHP this change touched. */
  applyPhp(effective: FileChange[]): Promise<void>;
  /** Reload nginx even when nothing differed (new ids for the same user name). */
  force?: boolean;
  /** Paths that are PHP's alone: a batch that changes only these needs no `nginx -t`. */
  phpPaths: ReadonlySet<string>;
}

export interface BatchServices {
  /** The files every site relies on, written (and undone) with the batch. */
  shared(): Promise<FileChange[]>;
  checkNginx(): Promise<void>;
  /** Checks PHP configs together (one `php-fpm -t` per version); throws when one is refused. */
  checkPhp(checks: PhpCheck[]): Promise<void>;
  reloadNginx(): Promise<void>;
}

interface Pending {
  plan: () => Promise<Plan>;
  resolve(changes: FileChange[]): void;
  reject(error: unknown): void;
}

interface Written {
  job: Pending;
  plan: Plan;
  effective: FileChange[];
  undo: () => Promise<void>;
}

/**
 * Changes that arrive while a batch runs wait for it and then go together: each is written,
 * then one `php-fpm -t` per PHP version and one `nginx -t` and reload serve them all. When a
 * checker refuses the batch, each change is checked alone, so only the change that caused the
 * refusal fails (undone). A change touching a file another change of the batch touches waits
 * for the next batch, so undoing one never undoes another. One batch at a time:
 * write-check-undo steps never interleave.
 */
export function createApplyBatches(services: BatchServices) {
  let waiting: Pending[] = [];
  let running: Promise<void> | null = null;

  async function runBatch(jobs: Pending[]): Promise<void> {
    const written: Written[] = [];
    const shared = await effectiveChanges(await services.shared());
    const undoShared = await applyChanges(shared);
    const touched = new Set<string>();
    const later: Pending[] = [];
    for (const job of jobs) {
      try {
        const plan = await job.plan();
        if (plan.changes.some((c) => touched.has(c.path))) {
          later.push(job);
          continue;
        }
        for (const c of plan.changes) touched.add(c.path);
        const effective = await effectiveChanges(plan.changes);
        written.push({ job, plan, effective, undo: await applyChanges(effective) });
      } catch (error) {
        job.reject(error);
      }
    }
    waiting.unshift(...later);
    await checkPhp(written);
    const nginxChanged =
      shared.length > 0 ||
      written.some((w) => w.effective.some((c) => !w.plan.phpPaths.has(c.path)));
    if (nginxChanged && written.length > 0) {
      try {
        await services.checkNginx();
      } catch (error) {
        for (const w of [...written].reverse()) await w.undo();
        await undoShared();
        if (written.length === 1) written[0]?.job.reject(error);
        // Which one nginx refused: each alone, so the others still apply.
        else for (const w of written) await runBatch([w.job]);
        return;
      }
    } else if (written.length === 0) await undoShared();
    // A few at a time: a new domain's master takes ~0.1 s to start, a batch may bring fifty.
    const queue = [...written];
    const next = async (): Promise<void> => {
      for (let w = queue.shift(); w; w = queue.shift()) {
        const job = w.job;
        await w.plan.applyPhp(w.effective).catch((e: unknown) => job.reject(e));
      }
    };
    await Promise.all([next(), next(), next(), next()]);
    if (nginxChanged || written.some((w) => w.plan.force)) await services.reloadNginx();
    for (const w of written) w.job.resolve([...shared, ...w.effective]);
  }

  /**
   * The batch's PHP together; when refused, each change's alone, written back one at a time (the
   * distribution's master config reads every pool): a refused one is undone and dropped.
   */
  async function checkPhp(written: Written[]): Promise<void> {
    const withPhp = written.filter((w) => w.plan.phpChecks(w.effective).length > 0);
    if (withPhp.length === 0) return;
    let refusal: unknown;
    try {
      return await services.checkPhp(withPhp.flatMap((w) => w.plan.phpChecks(w.effective)));
    } catch (error) {
      refusal = error;
    }
    for (const w of [...withPhp].reverse()) await w.undo();
    for (const w of withPhp) {
      try {
        w.undo = await applyChanges(w.effective);
        await services.checkPhp(w.plan.phpChecks(w.effective));
      } catch (error) {
        await w.undo();
        written.splice(written.indexOf(w), 1);
        w.job.reject(withPhp.length === 1 ? refusal : error);
      }
    }
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const jobs = waiting;
      waiting = [];
      await runBatch(jobs).catch((error: unknown) => {
        for (const j of jobs) j.reject(error);
      });
    }
    running = null;
  }

  return {
    /** Applies a change in the next batch; answers the files that differed. */
    submit(plan: () => Promise<Plan>): Promise<FileChange[]> {
      const done = new Promise<FileChange[]>((resolve, reject) =>
        waiting.push({ plan, resolve, reject }),
      );
      // From the next turn: changes made in the same turn (ten customers saving) share a batch.
      running ??= new Promise((r) => setImmediate(r)).then(drain);
      return done;
    },
  };
}
