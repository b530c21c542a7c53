import type { MailLayout } from './layout.ts';
import { checkDomain } from './mail-maps.ts';
import { seedParts } from './mail-parts-seed.ts';
import {
  checkPart,
  emptyPart,
  mergeParts,
  partDigest,
  partsFolder,
  type MailPart,
} from './mail-parts.ts';
import type { MailChange, MailServer, MailState } from './mail-server.port.ts';

/** The node's side of the per-domain mail objects (mail-server.remote.ts). */
export interface DomainMailServer {
  /** Sets one domain's part (null: the domain has no mail here) and renders all of them. */
  applyDomain(domain: string, part: MailPart | null): Promise<readonly MailChange[]>;
  /** Renders every part held again (reconcile: files changed behind Haven's back). */
  render(): Promise<readonly MailChange[]>;
  /** Each part held, by domain, as its digest (reconcile compares the panel's with it). */
  parts(): Promise<Record<string, string>>;
}

interface Waiter {
  domain: string | null;
  part: MailPart | null;
  resolve(changes: readonly MailChange[]): void;
  reject(error: unknown): void;
}

/** Only what the domain's part rewrote: every line of the files belongs to one domain. */
const own = (changes: readonly MailChange[], domain: string | null) =>
  domain === null
    ? changes
    : changes
        .map((c) => ({ file: c.file, domains: c.domains.filter((d) => d === domain) }))
        .filter((c) => c.domains.length > 0);

/**
 * Keeps each domain's last part on the node's disk and applies their merge with the whole-state
 * `server.apply` (only the files that differ are rewritten), so the maps, the passwd-file and
 * their checks are what one whole state gave. Parts that arrive while an apply runs are merged
 * into the next one (one render for the batch); a refused batch is applied part by part, so only
 * the bad part fails and a held part is never one the server refused.
 */
export function domainMailServer(options: {
  server: Pick<MailServer, 'apply'>;
  layout: MailLayout;
  log: (message: string) => void;
}): DomainMailServer {
  const { server, layout, log } = options;
  const folder = partsFolder(layout.partsDir);
  let held: Promise<Map<string, MailPart>> | undefined;
  let waiting: Waiter[] = [];
  let running = false;

  async function load(): Promise<Map<string, MailPart>> {
    const parts = await folder.load();
    if (parts) return parts;
    // A node that kept only the whole maps: its parts are read back from them once.
    const seeded = await seedParts(layout);
    if (!seeded.exact) log('mail parts read back from the maps differ from them: run reconcile');
    await folder.create(seeded.parts);
    return seeded.parts;
  }

  const withParts = (parts: Map<string, MailPart>, batch: readonly Waiter[]): MailState => {
    const next = new Map(parts);
    for (const w of batch) {
      if (w.domain === null) continue;
      if (emptyPart(w.part)) next.delete(w.domain);
      else next.set(w.domain, w.part as MailPart);
    }
    return mergeParts(next);
  };

  async function keep(parts: Map<string, MailPart>, w: Waiter) {
    if (w.domain === null) return;
    await folder.save(w.domain, w.part);
    if (emptyPart(w.part)) parts.delete(w.domain);
    else parts.set(w.domain, w.part as MailPart);
  }

  async function applyBatch(batch: readonly Waiter[]): Promise<void> {
    const parts = await (held ??= load());
    try {
      const changes = await server.apply(withParts(parts, batch));
      for (const w of batch) await keep(parts, w);
      for (const w of batch) w.resolve(own(changes, w.domain));
    } catch (error) {
      if (batch.length === 1) return batch[0]?.reject(error);
      // Which part was refused is not known: each alone, so the others still apply.
      for (const w of batch) await applyBatch([w]);
    }
  }

  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        await applyBatch(batch).catch((error: unknown) => {
          held = undefined;
          for (const w of batch) w.reject(error);
        });
      }
    } finally {
      running = false;
    }
  }

  const enqueue = (domain: string | null, part: MailPart | null) =>
    new Promise<readonly MailChange[]>((resolve, reject) => {
      waiting.push({ domain, part, resolve, reject });
      void drain();
    });

  return {
    async applyDomain(domain, part) {
      // Refused before it waits: a bad part never joins (and fails) another domain's batch.
      checkDomain(domain);
      if (part) checkPart(domain, part);
      return enqueue(domain, part);
    },
    render: () => enqueue(null, null),
    async parts() {
      const parts = await (held ??= load()).catch((error: unknown) => {
        held = undefined;
        throw error;
      });
      return Object.fromEntries([...parts].map(([d, p]) => [d, partDigest(p)]));
    },
  };
}
