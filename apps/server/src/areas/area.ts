import type { FastifyInstance } from 'fastify';
import type { Bind } from '../model/routes.ts';
import type { DomainRef } from '../model/principal.ts';
import type { Difference } from '../model/reconcile.ts';
import type { Periodic } from '../lib/periodic.ts';

/**
 * One area of the panel as the composition root sees it: its routes, and optional hooks into
 * the domain lifecycle and the demo seed. Each area builds this in its own `<area>.module.ts`;
 * what it offers other areas it returns beside it as `exports` (`AreaModule & { exports: ... }`,
 * built in `<area>.exports.ts`), and areas/registry.ts passes that on.
 */
export interface AreaModule {
  name: string;
  routes(bind: Bind): void;
  /**
   * Routes outside the JSON contract, registered after the contract routes: server-rendered pages
   * and provider webhooks with form bodies (the shop's test checkout and Mollie's webhook).
   */
  http?(app: FastifyInstance): Promise<void>;
  /** After the operator adds a domain: make its home, zone, prefix... Idempotent. */
  onDomainCreated?(domain: DomainRef): Promise<void>;
  /**
   * `haven reconcile`: rewrite the domain's generated configuration from SQL, check it with the
   * services' own checkers, reload what changed, and answer what differed (nothing the second
   * time). Safe at any time.
   */
  reconcile?(domain: DomainRef): Promise<Difference[]>;
  /**
   * `haven reconcile` for what the node holds for all domains at once (the mail maps and the
   * passwd-file): once per run, after the domains' hooks, under the same contract; each
   * difference names the domain it belongs to.
   */
  reconcileNode?(): Promise<Difference[]>;
  /** Demo data for a freshly seeded demo domain (local profile, first start). */
  seedDemo?(domain: DomainRef): Promise<void>;
  /**
   * Work on a timer (renewals, rotation, reading logs): the composition root runs it after
   * `start`, never doubled, failures logged, and waits for runs in progress at shutdown.
   */
  periodic?: readonly Periodic[];
  /** Background job handlers the area registers with the runner. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
