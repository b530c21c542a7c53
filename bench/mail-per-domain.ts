// Mail per domain (issue #43): on one node holding 1,000 mail domains (3 mailboxes, 3 aliases
// and a catch-all each), one mailbox's new password sent to the node the way it was before
// (the node's whole mail state as one `mail-state` operation) and the way it is now (that
// domain's part alone as `mail:<domain>`). Prints the size of the operation's args as the outbox
// stored them (what crosses NATS) and the time from the call to the node's result: outbox row,
// relay, in-process bus, agent, the real Postfix/Dovecot adapter (postmap of the changed tables,
// passwd-file swapped; no running Postfix or Dovecot to reload). The panel's SQL read of the
// state is not in it. Run: `node --import tsx bench/mail-per-domain.ts` (root: the Maildirs'
// owner); BENCH_MAIL_DOMAINS, BENCH_MAIL_ROUNDS.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { migrate, openDatabase } from '../apps/server/src/db/database.ts';
import { createInProcessBus } from '../apps/server/src/platform/node-bus/node-bus.in-process.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { bindAdapter, createAdapterTable } from '../apps/server/src/agent/adapter-table.ts';
import { heldFile } from '../apps/server/src/agent/held-revisions.ts';
import { startAgent } from '../apps/server/src/agent/agent.ts';
import { createNodes } from '../apps/server/src/nodes/nodes.service.ts';
import { nodesDb } from '../apps/server/src/nodes/nodes.tables.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import type { PortSpec } from '../apps/server/src/platform/node-bus/port-spec.ts';
import { localMailLayout } from '../apps/server/src/platform/mail-server/layout.ts';
import { postfixDovecotMailServer } from '../apps/server/src/platform/mail-server/mail-server.postfix-dovecot.ts';
import { domainMailServer } from '../apps/server/src/platform/mail-server/mail-server.domains.ts';
import {
  mergeParts,
  partsFolder,
  type MailPart,
} from '../apps/server/src/platform/mail-server/mail-parts.ts';
import {
  mailServerRemote,
  type NodeMailServer,
} from '../apps/server/src/platform/mail-server/mail-server.remote.ts';
import type {
  MailChange,
  MailState,
} from '../apps/server/src/platform/mail-server/mail-server.port.ts';
import { fmt } from './lib.ts';

const DOMAINS = Number(process.env.BENCH_MAIL_DOMAINS ?? 1000);
const ROUNDS = Number(process.env.BENCH_MAIL_ROUNDS ?? 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The spec as it was before: one object per node carrying its whole state. */
type Whole = { apply(state: MailState): Promise<readonly MailChange[]> };
const wholeSpec: PortSpec<Whole> = {
  name: 'mail-before',
  methods: { apply: { kind: 'change', object: () => 'mail-state', whenPending: 'throw' } },
};

function partOf(domain: string, hashes: readonly string[]): MailPart {
  const boxes = ['anna', 'bob', 'carla'].map((local, i) => ({
    address: `${local}@${domain}`,
    passwordHash: hashes[i] ?? '',
    quotaMb: 1024,
    forwardTo: i === 0 ? [`backup@${domain}`] : [],
  }));
  return {
    domains: [{ domain, catchAll: `anna@${domain}` }],
    mailboxes: boxes,
    aliases: ['info', 'sales', 'backup'].map((local, i) => ({
      address: `${local}@${domain}`,
      targets: [boxes[i]?.address ?? ''],
    })),
    listRoutes: [],
  };
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'haven-bench-mail-'));
  const log = pino({ level: 'silent' });
  const handle = openDatabase(`sqlite:${join(dir, 'panel.sqlite')}`);
  await migrate(handle);
  const bus = createInProcessBus();
  const nodes = createNodes({
    db: handle.db,
    bus: bus.panel,
    clock: systemClock,
    log,
    applyWaitMs: 60_000,
  });
  await nodes.start();
  // Two nodes' mail folders on this machine: before's and after's, the same 1,000 domains.
  const before = localMailLayout(join(dir, 'before'));
  const after = localMailLayout(join(dir, 'after'));
  const whole = (layout: typeof before) =>
    postfixDovecotMailServer({ layout, log: () => {}, reload: false });
  const oldServer = whole(before);
  const perDomain = domainMailServer({ server: whole(after), layout: after, log: () => {} });
  const agent = await startAgent({
    bus: bus.agent('local'),
    table: createAdapterTable([
      bindAdapter(wholeSpec, { apply: (s) => oldServer.apply(s) }),
      bindAdapter(mailServerRemote, perDomain as unknown as NodeMailServer),
    ]),
    held: heldFile(join(dir, 'agent')),
    roles: ['mail'],
    version: 'bench',
    clock: systemClock,
    log,
  });
  const oldPort = nodes.port(wholeSpec, 'local');
  const newPort = nodes.port(mailServerRemote, 'local');

  const hashes = await Promise.all([0, 1, 2].map((i) => hashPassword(`Bench-password-${i}!`)));
  const names = Array.from({ length: DOMAINS }, (_, i) => `domain${String(i).padStart(4, '0')}.nl`);
  const parts = new Map(names.map((d) => [d, partOf(d, hashes)]));
  console.log(`mail per domain: ${DOMAINS} domains, ${DOMAINS * 3} mailboxes on one node`);
  let t = performance.now();
  await oldServer.apply(mergeParts(parts));
  console.log(`  first whole render (before's node): ${fmt(performance.now() - t, 0)} ms`);
  t = performance.now();
  await partsFolder(after.partsDir).create(parts);
  await perDomain.render();
  console.log(`  parts written + first render (after's node): ${fmt(performance.now() - t, 0)} ms`);

  const lastArgs = async () => {
    const row = await nodesDb(handle.db)
      .selectFrom('node_operations')
      .select('args')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return Buffer.byteLength(row.args);
  };
  const res = { before: { ms: [] as number[], bytes: 0 }, after: { ms: [] as number[], bytes: 0 } };
  for (let round = 0; round < ROUNDS; round++) {
    const domain = names[(round * 137) % DOMAINS] ?? '';
    const hash = await hashPassword(`New-password-${round}!`);
    const changed = { ...partOf(domain, hashes) };
    changed.mailboxes = changed.mailboxes.map((b, i) =>
      i === 1 ? { ...b, passwordHash: hash } : b,
    );
    parts.set(domain, changed);
    // Interleaved, the order swapped each round: neither always runs on a warmer machine.
    const runs: [keyof typeof res, () => Promise<unknown>][] = [
      ['before', () => oldPort.apply(mergeParts(parts))],
      ['after', () => newPort.applyDomain(domain, changed)],
    ];
    for (const [mode, run] of round % 2 ? runs.reverse() : runs) {
      t = performance.now();
      await run();
      res[mode].ms.push(performance.now() - t);
      res[mode].bytes = await lastArgs();
    }
  }
  for (const mode of ['before', 'after'] as const) {
    const { ms, bytes } = res[mode];
    console.log(
      `  ${mode.padEnd(6)} one mailbox change: args ${fmt(bytes / 1024, 1)} KiB; ` +
        `call to applied median ${fmt(median(ms), 0)} ms (${ms.map((x) => fmt(x, 0)).join(' / ')})`,
    );
  }
  await agent.stop();
  await nodes.stop();
  await bus.panel.close();
  await handle.close();
  await rm(dir, { recursive: true, force: true });
}

await main();
