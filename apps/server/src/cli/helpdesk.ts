import type { ParseArgsOptionsConfig } from 'node:util';
import { helpdesk } from '@haven/contract';
import type { AppContext } from '../compose.ts';
import { ApiKeyUsage } from '../areas/helpdesk/helpdesk.exports.ts';
import { optInt, optStr, str, UsageError, valued, type Flags } from './args.ts';

type Out = (line: string) => void;
type Command = (ctx: AppContext, flags: Flags, out: Out) => Promise<void | number>;

function id(flags: Flags): number {
  const v = optInt(flags, 'id');
  if (v === undefined || v < 1) throw new UsageError('--id is required (a ticket or key number)');
  return v;
}

const when = (ms: number | null) => (ms === null ? '-' : new Date(Number(ms)).toISOString());

/** `haven apikey create|list|revoke` and `haven ticket list|show|answer|status`. */
export const HELPDESK_COMMANDS: Record<
  string,
  { usage: string; flags: ParseArgsOptionsConfig; run: Command }
> = {
  'apikey:create': {
    usage: `--name "ticket bot" --scopes ${helpdesk.API_KEY_SCOPES.join(',')} (the key is shown once)`,
    flags: valued('name', 'scopes'),
    run: async (ctx, f, out) => {
      const scopes = str(f, 'scopes')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      try {
        const key = await ctx.operatorTools.helpdesk.keys.create(str(f, 'name'), scopes);
        out(`api key ${key.id} created; it is shown only now:`);
        out(key.key);
      } catch (error) {
        if (error instanceof ApiKeyUsage) throw new UsageError(error.message);
        throw error;
      }
    },
  },
  'apikey:list': {
    usage: '',
    flags: {},
    run: async (ctx, _f, out) => {
      for (const k of await ctx.operatorTools.helpdesk.keys.list())
        out(
          `${k.id}\t${k.name}\thvk_${k.key_id}_…\t${k.scopes}\tcreated=${when(k.created_at)}\tused=${when(k.last_used_at)}\t${k.revoked_at === null ? 'live' : `revoked=${when(k.revoked_at)}`}`,
        );
    },
  },
  'apikey:revoke': {
    usage: '--id N',
    flags: valued('id'),
    run: async (ctx, f, out) => {
      const done = await ctx.operatorTools.helpdesk.keys.revoke(id(f));
      out(done ? 'api key revoked' : 'no live api key with that id');
      return done ? 0 : 1;
    },
  },
  'ticket:list': {
    usage: '[--status open|answered|closed|active] [--search TEXT] [--page N]',
    flags: valued('status', 'search', 'page'),
    run: async (ctx, f, out) => {
      const status = optStr(f, 'status');
      if (status && ![...helpdesk.TICKET_STATUSES, 'active'].includes(status))
        throw new UsageError('--status is open, answered, closed or active');
      const search = optStr(f, 'search');
      const r = await ctx.operatorTools.helpdesk.tickets.operatorList({
        page: optInt(f, 'page') ?? 1,
        ...(status ? { status } : {}),
        ...(search ? { search } : {}),
      });
      for (const t of r.tickets)
        out(`${t.id}\t${t.status}\t${t.domain}\t${t.customer}\t${t.category}\t${t.subject}`);
      out(`${r.total} ticket(s)`);
    },
  },
  'ticket:show': {
    usage: '--id N',
    flags: valued('id'),
    run: async (ctx, f, out) => {
      const t = await ctx.operatorTools.helpdesk.tickets.operatorGet(id(f));
      out(`#${t.id} [${t.status}] ${t.subject}`);
      out(`${t.name} <${t.email}> · ${t.domain} · ${t.about.kind} ${t.about.name} · ${t.category}`);
      for (const m of t.messages) {
        out(`\n--- ${m.author} ${m.created_at}`);
        out(m.body);
        for (const a of m.attachments)
          out(`  [attachment ${a.id}] ${a.filename} (${a.content_type}, ${a.size} bytes)`);
      }
    },
  },
  'ticket:answer': {
    usage: '--id N --message "Text"',
    flags: valued('id', 'message'),
    run: async (ctx, f, out) => {
      const message = str(f, 'message').trim();
      if (message.length > helpdesk.TICKET_LIMITS.messageMax)
        throw new UsageError('--message is too long');
      const t = await ctx.operatorTools.helpdesk.tickets.answer(id(f), message);
      out(`ticket ${t.id} answered (status ${t.status})`);
    },
  },
  'ticket:status': {
    usage: '--id N --status open|answered|closed',
    flags: valued('id', 'status'),
    run: async (ctx, f, out) => {
      const status = str(f, 'status');
      if (!(helpdesk.TICKET_STATUSES as readonly string[]).includes(status))
        throw new UsageError('--status is open, answered or closed');
      const t = await ctx.operatorTools.helpdesk.tickets.setStatus(
        id(f),
        status as helpdesk.TicketStatus,
      );
      out(`ticket ${t.id} is ${t.status}`);
    },
  },
};
