// Mail at scale (issue #22): 10,000 mailboxes (1,000 domains x 10, each with an alias) in the
// panel's SQL. (1) A click: `POST /api/{domain}/mail/account/address` on the built panel, until
// the supervised Postfix accepts `RCPT TO` for the new mailbox (maps rebuilt, swapped, reloaded;
// passwd-file in place) — target < 2 s — against the same click on a fresh server holding 10
// mailboxes, interleaved. (2) `haven reconcile`'s code path restricted to the mail area, on both
// servers: first with nothing on disk, then again (nothing changed). (3) The floor: `postmap` of
// the same three tables run directly. Needs root, postfix and dovecot; `npm run build` first.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { reconcileDomains } from '../apps/server/src/cli/reconcile.ts';
import { fmt } from './lib.ts';
import { MAIL_PASSWORD, nodeContext, startMailNode, type MailNode } from './servers/mail-node.ts';
import { PANEL_DOMAIN } from './servers/panel.ts';
import { untilAccepted } from './smtp-probe.ts';

const DOMAINS = Number(process.env.BENCH_MAIL_DOMAINS ?? 1000);
const PER_DOMAIN = 10;
const ROUNDS = Number(process.env.BENCH_MAIL_ROUNDS ?? 5);
const TARGET_MS = 2000;
// BENCH_MAIL_RECONCILE=one: reconcile only the panel's domain (the whole state was once rewritten
// per domain before 1cf4c25: ~8 minutes for 1,001 domains).
const ONLY = process.env.BENCH_MAIL_RECONCILE === 'one' ? PANEL_DOMAIN : undefined;
const MAPS = ['domains', 'mailboxes', 'aliases'];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const list = (xs: number[]) => xs.map((x) => fmt(x, 0)).join(' / ');

interface Click {
  api: number;
  ready: number;
}

/** One mailbox added through the route, then RCPT TO polled until Postfix accepts it. */
async function click(node: MailNode, name: string): Promise<Click> {
  const start = performance.now();
  const res = await fetch(
    `http://127.0.0.1:${node.panel.port}/api/${PANEL_DOMAIN}/mail/account/address`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${node.panel.token}` },
      body: JSON.stringify({
        name,
        password: MAIL_PASSWORD,
        passwordRepeat: MAIL_PASSWORD,
        forwarding: { address: [] },
        alias: [],
        quota: 0,
      }),
    },
  );
  if (!res.ok) throw new Error(`click ${name}: ${res.status} ${await res.text()}`);
  const api = performance.now() - start;
  await untilAccepted(node.smtpPort, `${name}@${PANEL_DOMAIN}`);
  return { api, ready: performance.now() - start };
}

/** `haven reconcile` (every domain) with only the mail area: its time and what it reported. */
async function reconcileMail(node: MailNode): Promise<{ ms: number; differences: number }> {
  const ctx = await nodeContext(node);
  try {
    const mailOnly = { ...ctx, areas: ctx.areas.filter((a) => a.name === 'mail') };
    const start = performance.now();
    const report = await reconcileDomains(mailOnly, ONLY);
    const ms = performance.now() - start;
    if (report.failures.length) throw new Error(`reconcile failed: ${report.failures[0]?.error}`);
    return { ms, differences: report.differences.length };
  } finally {
    await ctx.close();
  }
}

/** `postmap` of the node's three live tables (copied), in parallel, as the adapter runs it. */
async function postmapDirect(node: MailNode): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'haven-bench-postmap-'));
  try {
    for (const m of MAPS) cpSync(join(node.layout.mapsDir, m), join(dir, m));
    const start = performance.now();
    await Promise.all(
      MAPS.map((m) =>
        promisify(execFile)('postmap', ['-c', node.layout.postfixDir, `hash:${join(dir, m)}`]),
      ),
    );
    return performance.now() - start;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchMailMaps(): Promise<string[]> {
  if (process.getuid?.() !== 0) return ['skipped: needs root (Postfix)'];
  const total = DOMAINS * PER_DOMAIN;
  const lines = [`mail: ${DOMAINS} domains x ${PER_DOMAIN} mailboxes (+ an alias each)`];
  const say = (line: string) => {
    lines.push(line);
    console.error(line);
  };
  const small = await startMailNode(1, PER_DOMAIN);
  let big: MailNode | undefined;
  try {
    big = await startMailNode(DOMAINS, PER_DOMAIN);
    for (const [label, node] of [
      ['10 mailboxes', small],
      [`${total} mailboxes`, big],
    ] as const) {
      const r = await reconcileMail(node);
      say(
        `reconcile, nothing on disk yet, ${label}: ${fmt(r.ms, 0)} ms (${r.differences} differences)`,
      );
    }
    // One click each first, not counted: the panel's first argon2 hash and route warm up.
    await click(small, 'warmup');
    await click(big, 'warmup');
    const clicks: { small: Click[]; big: Click[] } = { small: [], big: [] };
    for (let i = 0; i < ROUNDS; i++) {
      clicks.small.push(await click(small, `click${i}`));
      clicks.big.push(await click(big, `click${i}`));
    }
    const ready = { small: clicks.small.map((c) => c.ready), big: clicks.big.map((c) => c.ready) };
    say(
      `click to RCPT accepted, 10 mailboxes: ${list(ready.small)} ms (API answered: ${list(clicks.small.map((c) => c.api))})`,
    );
    say(
      `click to RCPT accepted, ${total} mailboxes: ${list(ready.big)} ms (API answered: ${list(clicks.big.map((c) => c.api))})`,
    );
    const worst = Math.max(...ready.big);
    say(
      `  ratio (medians) ${fmt(median(ready.big) / median(ready.small), 2)}; worst ${fmt(worst, 0)} ms: target < ${TARGET_MS} ms ${worst < TARGET_MS ? 'met' : 'NOT met'}`,
    );
    const floor = await postmapDirect(big);
    say(
      `postmap of the same three tables directly: ${fmt(floor, 0)} ms; click / postmap: ${fmt(median(ready.big) / floor, 2)}`,
    );
    const again = { small: await reconcileMail(small), big: await reconcileMail(big) };
    say(
      `reconcile again (nothing changed), 10 mailboxes: ${fmt(again.small.ms, 0)} ms (${again.small.differences} differences)`,
    );
    say(
      `reconcile again (nothing changed), ${total} mailboxes: ${fmt(again.big.ms, 0)} ms (${again.big.differences} differences)`,
    );
    say(
      `  ratio to 10 mailboxes ${fmt(again.big.ms / again.small.ms, 1)}; to postmap direct ${fmt(again.big.ms / floor, 2)}`,
    );
  } finally {
    await big?.stop();
    await small.stop();
  }
  return lines;
}
