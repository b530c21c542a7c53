import { z } from 'zod';

/**
 * The panel's side of its nodes (docs/nodes.md). Composed into config.ts's environment schema
 * when the nodes are wired into the composition root.
 */
export const nodesSettings = () =>
  z
    .object({
      /** How long a change waits for its node before the screen shows it pending (ms). */
      HAVEN_APPLY_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    })
    .transform((e) => ({ applyWaitMs: e.HAVEN_APPLY_WAIT_MS }));
export type NodesSettings = z.output<ReturnType<typeof nodesSettings>>;
