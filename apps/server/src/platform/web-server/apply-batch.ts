import { applyChanges, effectiveChanges, type FileChange } from './file-changes.ts';

/** What one change asks of the web server: its files, and how to check and apply its PHP. */
export interface Plan {
  changes: FileChange[];
  /** Checks the PHP side of the files that differed (its own master or pool: never all). */
  checkPhp(effective: FileChange[]): Promise<void>;
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
 * Changes that arrive while a batch runs wait for it and then go together: each is written and
 * its PHP checked on its own, then one `nginx -t` and one reload serve them all. When nginx
 * refuses the batch, everything is undone and each change is tried alone, so only the change
 * that caused the refusal fails. One batch at a time: write-check-undo steps never interleave.
 */
export function createApplyBatches(services: BatchServices) {
  let waiting: Pending[] = [];
  let running: Promise<void> | null = null;

  async function runBatch(jobs: Pending[]): Promise<void> {
    const written: Written[] = [];
    const shared = await effectiveChanges(await services.shared());
    const undoShared = await applyChanges(shared);
    for (const job of jobs) {
      let undo: (() => Promise<void>) | null = null;
      try {
        const plan = await job.plan();
        const effective = await effectiveChanges(plan.changes);
        undo = await applyChanges(effective);
        await plan.checkPhp(effective);
        written.push({ job, plan, effective, undo });
      } catch (error) {
        await undo?.();
        job.reject(error);
      }
    }
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
