import type { FtpServer } from './ftp.port.ts';
import type { PortSpec } from '../node-bus/port-spec.ts';

/**
 * The FTP port across the bus. An account's object is its login (ensure and remove supersede
 * each other); a domain's reconcile is its home; a grant is its folder.
 */
export const ftpRemote: PortSpec<FtpServer> = {
  name: 'ftp',
  methods: {
    ensureAccount: { kind: 'change', object: (account) => `ftp:${account.login}` },
    removeAccount: { kind: 'change', object: (login) => `ftp:${login}` },
    reconcileAccounts: {
      kind: 'change',
      object: (_accounts, under) => `ftp-home:${under}`,
      whenPending: 'throw',
    },
    grant: { kind: 'change', object: (path) => `ftp-grant:${path}` },
  },
};
