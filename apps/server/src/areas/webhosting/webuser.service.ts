import { join } from 'node:path';
import { webhosting } from '@haven/contract';
import { notFound, invalid, conflict, applyFailed } from './webhosting.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { FtpServer } from '../../platform/ftp/ftp.port.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import { ftpHash, serviceProblems } from './credentials.ts';
import { isUniqueViolation, type SubdomainsStore } from './subdomains.store.ts';
import type { WebUsersStore } from './webusers.store.ts';
import { keyOf, type Domain } from './webhosting.ports.ts';

const { isWebUserName, RESERVED_WEBUSERS } = webhosting;
type WebUser = webhosting.WebUser;

export interface WebUserDeps {
  webusers: WebUsersStore;
  subdomains: SubdomainsStore;
  ftp: NodePorts<FtpServer>;
  webspace: NodePorts<NodeWebspace>;
  homeOf: (domain: string) => string;
  clock: Clock;
  log: (obj: object, msg: string) => void;
}

/** Web users: pure-ftpd virtual accounts chrooted to their home in the domain's webspace. */
export function createWebUserService(deps: WebUserDeps) {
  const { webusers, ftp } = deps;

  async function view(row: { id: number; name: string; home: string }): Promise<WebUser> {
    const subs = await deps.subdomains.usersOf(row.id);
    return { id: row.id, name: row.name, home: row.home, subdomains: subs.map((s) => s.name) };
  }

  async function row(domain: Domain, name: string) {
    const r = await webusers.byName(domain.id, name);
    if (!r) throw notFound();
    return r;
  }

  const homeOf = (domain: Domain, rel: string) => join(deps.homeOf(domain.name), rel);

  function checkPassword(password: string, name: string): void {
    const problems = serviceProblems(password, name);
    if (problems.length > 0) throw invalid('invalid_password', { password: problems.join(',') });
  }

  /** Writes the account to pure-ftpd; a failure answers the catalogue's general error. */
  async function push(
    domain: Domain,
    name: string,
    hash: string,
    home: string,
    undo: () => Promise<void>,
  ): Promise<void> {
    try {
      const owner = await deps.webspace(domain.node).ensureOwner(keyOf(domain));
      await ftp(domain.node).ensureAccount({
        login: name,
        hash,
        home: homeOf(domain, home),
        owner,
      });
    } catch (error) {
      deps.log({ err: error, domain: domain.name }, 'webhosting: writing an FTP account failed');
      await undo();
      throw applyFailed('general_error', error);
    }
  }

  return {
    async list(domain: Domain): Promise<WebUser[]> {
      // Two queries for the whole list, not one per web user (3,000 users: 3,001 queries).
      const [rows, linked] = await Promise.all([
        webusers.list(domain.id),
        deps.subdomains.withWebuser(domain.id),
      ]);
      const subsOf = new Map<number, string[]>();
      for (const s of linked) {
        if (s.webuser_id === null) continue;
        const names = subsOf.get(s.webuser_id);
        if (names) names.push(s.name);
        else subsOf.set(s.webuser_id, [s.name]);
      }
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        home: r.home,
        subdomains: subsOf.get(r.id) ?? [],
      }));
    },

    get: async (domain: Domain, name: string) => view(await row(domain, name)),

    async create(domain: Domain, input: { name: string; password: string }): Promise<WebUser> {
      const name = input.name.trim();
      if (!isWebUserName(name) || (RESERVED_WEBUSERS as readonly string[]).includes(name)) {
        throw invalid('invalid_username', { name: 'regex' });
      }
      checkPassword(input.password, name);
      if (await webusers.nameTaken(name)) throw conflict('user_exists');
      // Home, then owner: on one key, the newer (owner, made with its home) carries the whole state.
      await deps.webspace(domain.node).ensureHome(domain.name);
      await deps.webspace(domain.node).ensureOwner(keyOf(domain));
      const hash = await ftpHash(input.password);
      let id: number;
      try {
        id = await webusers.insert({
          domain_id: domain.id,
          name,
          password_hash: hash,
          home: '',
          at: deps.clock.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('user_exists');
        throw error;
      }
      await push(domain, name, hash, '', async () => {
        await webusers.remove(id);
      });
      return view({ id, name, home: '' });
    },

    async changePassword(domain: Domain, name: string, password: string): Promise<WebUser> {
      const current = await row(domain, name);
      checkPassword(password, name);
      const hash = await ftpHash(password);
      await webusers.setPassword(current.id, hash, deps.clock.now());
      await push(domain, name, hash, current.home, async () => {
        await webusers.setPassword(current.id, current.password_hash, deps.clock.now());
      });
      return view(current);
    },

    async remove(domain: Domain, name: string): Promise<void> {
      const current = await row(domain, name);
      try {
        await ftp(domain.node).removeAccount(current.name);
      } catch (error) {
        deps.log({ err: error, domain: domain.name }, 'webhosting: removing an FTP account failed');
        throw applyFailed('general_error', error);
      }
      // Subdomains it served keep no FTP account (the foreign key also says so).
      for (const s of await deps.subdomains.usersOf(current.id))
        await deps.subdomains.update(s.id, { webuser_id: null });
      await webusers.remove(current.id);
    },
  };
}
export type WebUserService = ReturnType<typeof createWebUserService>;
