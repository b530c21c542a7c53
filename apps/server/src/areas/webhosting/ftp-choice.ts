import { join } from 'node:path';
import { webhosting } from '@haven/contract';
import { fail, notFound, invalid } from './webhosting.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { FtpServer } from '../../platform/ftp/ftp.port.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import { ftpHash, serviceProblems } from './credentials.ts';
import { isUniqueViolation } from './subdomains.store.ts';
import type { WebUsersStore } from './webusers.store.ts';
import { keyOf, type Domain } from './webhosting.ports.ts';

const { isWebUserName, RESERVED_WEBUSERS } = webhosting;
type FtpAccountInput = webhosting.FtpAccountInput;

/** A resolved FTP account choice: an existing web user, a new one to make, or none. */
export type FtpChoice =
  | { kind: 'none' }
  | { kind: 'existing'; id: number; name: string; home: string; hash: string }
  | { kind: 'new'; name: string; password: string };

export interface FtpChoiceDeps {
  webusers: WebUsersStore;
  ftp: NodePorts<FtpServer>;
  webspace: NodePorts<NodeWebspace>;
  homeOf: (domain: string) => string;
  clock: Clock;
}

/** Judges the subdomain screens' FTP account choice; answers the subdomain catalogue's codes. */
export function createFtpChoices(deps: FtpChoiceDeps) {
  const { webusers } = deps;

  async function resolve(
    domain: Domain,
    input: FtpAccountInput | null | undefined,
  ): Promise<FtpChoice> {
    if (!input || (input.id == null && input.name === undefined)) return { kind: 'none' };
    if (input.id != null) {
      const row = await webusers.byId(domain.id, input.id);
      if (!row) throw notFound('unknown_ftp_account');
      return {
        kind: 'existing',
        id: row.id,
        name: row.name,
        home: row.home,
        hash: row.password_hash,
      };
    }
    const name = (input.name ?? '').trim();
    if (!isWebUserName(name) || (RESERVED_WEBUSERS as readonly string[]).includes(name)) {
      throw invalid('invalid_ftp_username', { 'ftpAccount.name': 'regex' });
    }
    if (!input.password)
      throw invalid('ftp_password_required', { 'ftpAccount.password': 'required' });
    const problems = serviceProblems(input.password, name);
    if (problems.length > 0)
      throw invalid('invalid_ftp_password', { 'ftpAccount.password': problems.join(',') });
    if (await webusers.nameTaken(name)) throw fail('ftp_username_exists', 'conflict');
    return { kind: 'new', name, password: input.password };
  }

  /**
   * Makes the choice real for a subdomain folder: a new web user gets that folder as its home;
   * the account (new or existing) is (re)written in pure-ftpd and the folder becomes its to write.
   * Answers the web user id and how to undo what was made.
   */
  async function apply(
    domain: Domain,
    choice: FtpChoice,
    docroot: string,
  ): Promise<{ id: number | null; undo: () => Promise<void> }> {
    const home = deps.homeOf(domain.name);
    const abs = join(home, docroot);
    if (choice.kind === 'none') return { id: null, undo: async () => {} };
    const ftp = deps.ftp(domain.node);
    const owner = await deps.webspace(domain.node).ensureOwner(keyOf(domain));
    if (choice.kind === 'existing') {
      await ftp.ensureAccount({
        login: choice.name,
        hash: choice.hash,
        home: join(home, choice.home),
        owner,
      });
      await ftp.grant(abs, owner);
      return { id: choice.id, undo: async () => {} };
    }
    const hash = await ftpHash(choice.password);
    let id: number;
    try {
      id = await webusers.insert({
        domain_id: domain.id,
        name: choice.name,
        password_hash: hash,
        home: docroot,
        at: deps.clock.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('ftp_username_exists', 'conflict');
      throw error;
    }
    const undo = async () => {
      await ftp.removeAccount(choice.name).catch(() => undefined);
      await webusers.remove(id);
    };
    try {
      await ftp.grant(abs, owner);
      await ftp.ensureAccount({ login: choice.name, hash, home: abs, owner });
    } catch (error) {
      await undo();
      throw error;
    }
    return { id, undo };
  }

  return { resolve, apply };
}
export type FtpChoices = ReturnType<typeof createFtpChoices>;
