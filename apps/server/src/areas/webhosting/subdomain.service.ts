import { webhosting } from '@haven/contract';
import { notFound, invalid, conflict, applyFailed } from './webhosting.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { FtpServer } from '../../platform/ftp/ftp.port.ts';
import type { WebServer } from '../../platform/web-server/web-server.port.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import type { FtpChoices } from './ftp-choice.ts';
import { docrootOf, hostnamesOf, type OwnedFolder, type SiteSync } from './site.ts';
import type { SubdomainEvents } from './subdomain-events.ts';
import type { SubdomainLinks } from './subdomain-links.ts';
import { isUniqueViolation, type SubdomainsStore } from './subdomains.store.ts';
import type { WebUsersStore } from './webusers.store.ts';
import type { Domain } from './webhosting.ports.ts';

const { isSubdomainName, RESERVED_SUBDOMAINS } = webhosting;
type CreateSubdomainBody = webhosting.CreateSubdomainBody;
type PhpVersion = webhosting.PhpVersion;
type Subdomain = webhosting.Subdomain;
type UpdateSubdomainBody = webhosting.UpdateSubdomainBody;

type Row = NonNullable<Awaited<ReturnType<SubdomainsStore['byName']>>>;

export interface SubdomainDeps {
  subdomains: SubdomainsStore;
  webusers: WebUsersStore;
  choices: FtpChoices;
  site: SiteSync;
  webServer: NodePorts<WebServer>;
  ftp: NodePorts<FtpServer>;
  webspace: NodePorts<NodeWebspace>;
  folder: OwnedFolder;
  links: SubdomainLinks;
  events: SubdomainEvents;
  clock: Clock;
  log: (obj: object, msg: string) => void;
}

export function toSubdomain(row: Row, domain: string): Subdomain {
  return {
    name: hostnamesOf(row.name, domain)[0] ?? row.name,
    name_short: row.name,
    perl: row.perl === 1,
    python: row.python === 1,
    phpHandlerId: row.php,
    ftpAccount:
      row.webuser_id !== null && row.webuser_name
        ? { id: row.webuser_id, name: row.webuser_name }
        : null,
    docroot: docrootOf(row.name),
  };
}

/** Perl and Python are not offered here: asking to turn one on is refused, never pretended. */
function refuseLanguages(body: { perl?: boolean | undefined; python?: boolean | undefined }): void {
  if (body.perl === true) throw invalid('perl_not_offered');
  if (body.python === true) throw invalid('python_not_offered');
}

export function createSubdomainService(deps: SubdomainDeps) {
  const { subdomains, choices, site } = deps;

  async function row(domain: Domain, name: string): Promise<Row> {
    const r = await subdomains.byName(domain.id, name);
    if (!r) throw notFound();
    return r;
  }

  /** The PHP versions of the domain's node. */
  async function phpVersions(domain: Domain): Promise<PhpVersion[]> {
    return (await deps.webServer(domain.node).phpVersions()).map((v) => ({
      value: v.value,
      text: v.text,
    }));
  }

  async function checkPhp(domain: Domain, value: string | null): Promise<string | null> {
    if (value === null) return null;
    if (!(await phpVersions(domain)).some((v) => v.value === value))
      throw invalid('invalid_php_version', { phpHandlerId: 'regex' });
    return value;
  }

  /** Applies the site; on a refusal runs `undo` and answers the catalogue's unknown error. */
  async function applyOrUndo(domain: Domain, undo: () => Promise<void>): Promise<void> {
    try {
      await site.apply(domain);
    } catch (error) {
      deps.log({ err: error, domain: domain.name }, 'webhosting: applying the site failed');
      await undo();
      await site.apply(domain).catch(() => undefined);
      throw applyFailed('unknown_error', error);
    }
  }

  return {
    phpVersions,

    async list(domain: Domain): Promise<Subdomain[]> {
      const rows = await subdomains.list(domain.id);
      rows.sort((a, b) =>
        a.name === 'www' ? -1 : b.name === 'www' ? 1 : a.name.localeCompare(b.name),
      );
      return rows.map((r) => toSubdomain(r, domain.name));
    },

    get: async (domain: Domain, name: string) => toSubdomain(await row(domain, name), domain.name),

    async create(domain: Domain, body: CreateSubdomainBody): Promise<Subdomain> {
      const name = body.name.trim();
      if (name === '') throw invalid('empty_name', { name: 'required' });
      if (!isSubdomainName(name) || `${name}.${domain.name}`.length > 253)
        throw invalid('invalid_name', { name: 'regex' });
      if ((RESERVED_SUBDOMAINS as readonly string[]).includes(name))
        throw invalid('reserved_name', { name: 'regex' });
      refuseLanguages(body);
      const php = await checkPhp(domain, body.phpHandlerId);
      if (await subdomains.byName(domain.id, name)) throw conflict('name_exists');
      const choice = await choices.resolve(domain, body.ftpAccount);
      const docroot = docrootOf(name);
      const folder = await deps.folder(domain, docroot);
      const dropFolder = async () => {
        if (folder.created)
          await deps.webspace(domain.node).removeEmptyFolder(domain.name, docroot);
      };
      let ftp: Awaited<ReturnType<FtpChoices['apply']>>;
      try {
        ftp = await choices.apply(domain, choice, docroot);
      } catch (error) {
        await dropFolder();
        throw error;
      }
      let id: number;
      try {
        id = await subdomains.insert({
          domain_id: domain.id,
          name,
          php,
          webuser_id: ftp.id,
          created_at: deps.clock.now(),
        });
      } catch (error) {
        await ftp.undo();
        await dropFolder();
        if (isUniqueViolation(error)) throw conflict('name_exists');
        throw error;
      }
      await applyOrUndo(domain, async () => {
        await subdomains.remove(id);
        await ftp.undo();
        await dropFolder();
      });
      await deps.events.added(domain, name);
      return toSubdomain(await row(domain, name), domain.name);
    },

    async update(domain: Domain, name: string, body: UpdateSubdomainBody): Promise<Subdomain> {
      const current = await row(domain, name);
      refuseLanguages(body);
      const php =
        body.phpHandlerId === undefined ? current.php : await checkPhp(domain, body.phpHandlerId);
      let webuserId = current.webuser_id;
      let undoFtp = async () => {};
      // The specs: FTP account changes for www always apply (also when the same account is sent again).
      if (
        body.ftpAccount !== undefined &&
        (name === 'www' || body.ftpAccount?.id !== current.webuser_id || body.ftpAccount?.name)
      ) {
        const choice = await choices.resolve(domain, body.ftpAccount);
        await deps.folder(domain, docrootOf(name));
        const ftp = await choices.apply(domain, choice, docrootOf(name));
        webuserId = ftp.id;
        undoFtp = ftp.undo;
      }
      await subdomains.update(current.id, { php, webuser_id: webuserId });
      await applyOrUndo(domain, async () => {
        await subdomains.update(current.id, { php: current.php, webuser_id: current.webuser_id });
        await undoFtp();
      });
      return toSubdomain(await row(domain, name), domain.name);
    },

    async remove(domain: Domain, name: string): Promise<void> {
      const current = await row(domain, name);
      if (name === 'www') throw conflict('www_not_deletable');
      if ((await deps.links.count(domain.id, name)) > 0) throw conflict('webapps_linked');
      // An account made for this subdomain alone (its home is this folder) goes with it.
      const own =
        current.webuser_id !== null
          ? await deps.webusers.byId(domain.id, current.webuser_id)
          : undefined;
      const ownAccount = own && own.home === docrootOf(name) ? own : undefined;
      if (ownAccount && (await subdomains.usersOf(ownAccount.id)).length > 1)
        throw conflict('ftp_account_not_deletable');
      try {
        await site.apply(domain, { subdomain: current.id });
      } catch (error) {
        deps.log({ err: error, domain: domain.name }, 'webhosting: removing a subdomain failed');
        throw applyFailed('unknown_error', error);
      }
      await subdomains.remove(current.id);
      if (ownAccount) {
        await deps.ftp(domain.node).removeAccount(ownAccount.name);
        await deps.webusers.remove(ownAccount.id);
      }
      await deps.events.removed(domain, name);
    },
  };
}
export type SubdomainService = ReturnType<typeof createSubdomainService>;
