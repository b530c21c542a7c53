import { generatePassword, USER_TYPES, type UserType } from '@haven/contract';
import type { AppContext } from '../compose.ts';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import type { ParseArgsOptionsConfig } from 'node:util';
import { optBool, optInt, optStr, str, switches, UsageError, valued, type Flags } from './args.ts';
import { servicesReport } from '../platform/supervisor/service-report.ts';
import { parseNameservers, setNameservers } from './nameservers.ts';
import { reconcileDomains, reportLines } from './reconcile.ts';
import { HELPDESK_COMMANDS } from './helpdesk.ts';
import { NODE_COMMANDS } from './nodes.ts';

type Out = (line: string) => void;
/** A command answers nothing (exit 0) or its exit code. */
type Command = (ctx: AppContext, flags: Flags, out: Out) => Promise<void | number>;

function userType(v: string): UserType {
  const t = v.toUpperCase();
  if (!(USER_TYPES as readonly string[]).includes(t))
    throw new UsageError(`--type is one of ${USER_TYPES.join(', ')}`);
  return t as UserType;
}

function pkg(v: string | undefined): 'DOMAIN' | 'HOSTING' | undefined {
  if (v === undefined) return undefined;
  const p = v.toUpperCase();
  if (p !== 'DOMAIN' && p !== 'HOSTING') throw new UsageError('--package is DOMAIN or HOSTING');
  return p;
}

const DOMAIN_FLAGS = valued(
  'status',
  'package',
  'premium',
  'instap',
  'active',
  'mail-active',
  'max-databases',
  'disk-quota-mb',
);

function domainFlags(flags: Flags) {
  return {
    status: optInt(flags, 'status'),
    package: pkg(optStr(flags, 'package')),
    premium: optBool(flags, 'premium'),
    instap: optBool(flags, 'instap'),
    active: optBool(flags, 'active'),
    mailActive: optBool(flags, 'mail-active'),
    maxDatabases: optInt(flags, 'max-databases'),
    diskQuotaMb: optInt(flags, 'disk-quota-mb'),
  };
}

export const COMMANDS: Record<
  string,
  { usage: string; flags: ParseArgsOptionsConfig; run: Command }
> = {
  'customer:create': {
    usage: '--name "Bakkerij Jansen" --email owner@example.nl',
    flags: valued('name', 'email'),
    run: async (ctx, f, out) =>
      out(`customer ${await ctx.operator.createCustomer(str(f, 'name'), str(f, 'email'))} created`),
  },
  'domain:add': {
    usage:
      '--customer ID --domain example.nl [--package HOSTING|DOMAIN] [--premium true|false] [--instap true|false] [--max-databases N]',
    flags: { ...valued('customer', 'domain'), ...DOMAIN_FLAGS },
    run: async (ctx, f, out) => {
      const customer = optInt(f, 'customer');
      if (customer === undefined) throw new UsageError('--customer is required');
      await ctx.operator.addDomain(customer, str(f, 'domain').toLowerCase(), domainFlags(f));
      out(`domain ${str(f, 'domain')} added`);
    },
  },
  'domain:set': {
    usage:
      '--domain example.nl [--status N] [--premium true|false] [--instap true|false] [--active true|false] [--mail-active true|false] [--package HOSTING|DOMAIN] [--max-databases N] [--disk-quota-mb N]',
    flags: { ...valued('domain'), ...DOMAIN_FLAGS },
    run: async (ctx, f, out) => {
      await ctx.operator.setDomainFlags(str(f, 'domain').toLowerCase(), domainFlags(f));
      out('domain updated');
    },
  },
  'domain:nameservers': {
    usage: '--domain example.nl (--set ns1.example.net,ns2.example.net | --clear)',
    flags: { ...valued('domain', 'set'), ...switches('clear') },
    run: async (ctx, f, out) => {
      const set = optStr(f, 'set');
      if ((set === undefined) === (f.clear !== true))
        throw new UsageError('give either --set with the name servers or --clear');
      const hosts = set === undefined ? null : parseNameservers(set);
      await setNameservers(ctx, str(f, 'domain'), hosts);
      out(
        hosts
          ? `name servers of ${str(f, 'domain')}: ${hosts.join(', ')}`
          : `name servers of ${str(f, 'domain')} cleared: Haven's own serve it`,
      );
    },
  },
  'login:add': {
    usage:
      '--domain example.nl --username beheer --type HOSTING|DOMAIN|EMAIL --email a@b.nl [--name N] [--password P] [--primary] [--language nl|en]',
    flags: {
      ...valued('domain', 'username', 'type', 'email', 'name', 'password', 'language'),
      ...switches('primary'),
    },
    run: async (ctx, f, out) => {
      const password = optStr(f, 'password') ?? generatePassword(16);
      const language = optStr(f, 'language') === 'en' ? 'en' : 'nl';
      await ctx.operator.addIdentity({
        domain: str(f, 'domain').toLowerCase(),
        username: str(f, 'username'),
        type: userType(str(f, 'type')),
        email: str(f, 'email'),
        name: optStr(f, 'name') ?? str(f, 'username'),
        password,
        primary: f.primary === true,
        language,
      });
      out(`login added; password: ${password}`);
    },
  },
  'password:reset': {
    usage: '--domain example.nl --username beheer [--password P]',
    flags: valued('domain', 'username', 'password'),
    run: async (ctx, f, out) => {
      const password = optStr(f, 'password') ?? generatePassword(16);
      await ctx.operator.resetPassword(
        str(f, 'domain').toLowerCase(),
        str(f, 'username'),
        password,
      );
      out(`password set; new password: ${password}`);
    },
  },
  notify: {
    usage:
      '--type info|success|warning|danger --nl "Tekst" [--en "Text"] [--domain example.nl] [--days N]',
    flags: valued('type', 'nl', 'en', 'domain', 'days'),
    run: async (ctx, f, out) => {
      const type = str(f, 'type');
      if (!['info', 'success', 'warning', 'danger'].includes(type))
        throw new UsageError('--type is info, success, warning or danger');
      const domain = optStr(f, 'domain');
      const en = optStr(f, 'en');
      const days = optInt(f, 'days');
      const id = await ctx.operator.addNotification({
        type: type as 'info',
        nl: str(f, 'nl'),
        ...(en ? { en } : {}),
        ...(domain ? { domain: domain.toLowerCase() } : {}),
        ...(days ? { days } : {}),
      });
      out(`notification ${id} added`);
    },
  },
  domains: {
    usage: '',
    flags: {},
    run: async (ctx, _f, out) => {
      for (const d of await ctx.operator.listDomains()) {
        out(
          `${d.name}\t${d.package}\tstatus=${d.status}\tpremium=${d.premium}\tinstap=${d.instap}\tactive=${d.active}\tcustomer=${d.customer_id} ${d.customer}`,
        );
      }
    },
  },
  services: {
    usage: "(the local hosting node: each service's state, pid and address)",
    flags: {},
    run: async (ctx, _f, out) => (await servicesReport(ctx.config.dataDir)).forEach((l) => out(l)),
  },
  reconcile: {
    usage: "[--domain example.nl] (rewrite what differs from the panel's state, check, reload)",
    flags: valued('domain'),
    run: async (ctx, f, out) => {
      const report = await reconcileDomains(ctx, optStr(f, 'domain'));
      reportLines(report).forEach((l) => out(l));
      return report.failures.length > 0 ? 1 : 0;
    },
  },
  'demo:seed': {
    usage: '(only into an empty panel)',
    flags: {},
    run: async (ctx, _f, out) => {
      const demo = await seedDemoIfEmpty(ctx);
      out(
        demo
          ? `demo seeded: ${demo.domain} / ${demo.username} / ${demo.password}`
          : 'the panel is not empty: nothing seeded',
      );
    },
  },
  ...HELPDESK_COMMANDS,
  ...NODE_COMMANDS,
};
