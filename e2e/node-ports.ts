/**
 * Where the hosting node of an e2e panel on `port` listens: the ports after the panel's, so two
 * runs (or a developer's `npm start`) never meet. start-server.mjs gives them to the panel; the
 * operator CLI of a spec gets the same, so what it writes (a domain's nginx site) matches the
 * running panel's, as an operator's CLI shares the service's environment.
 */
export function nodePorts(port: number): Record<string, string> {
  return {
    HAVEN_WEB_LISTEN: `127.0.0.1:${webPort(port)}`,
    // HTTPS beside it (moving the HTTP listen turns the default 8443 off): certificates are served.
    HAVEN_WEB_TLS_LISTEN: `127.0.0.1:${port + 8}`,
    HAVEN_FTP_PORT: String(port + 2),
    HAVEN_DNS_PORT: String(port + 3),
    HAVEN_PDNS_API_PORT: String(port + 4),
    HAVEN_FTP_PASSIVE_PORTS: `${port + 10}-${port + 29}`,
    HAVEN_SMTP_PORT: String(port + 5),
    HAVEN_IMAP_PORT: String(port + 6),
    HAVEN_LMTP_PORT: String(port + 7),
    // Haven's own mailing list expander (LMTP), in the panel's process.
    HAVEN_LIST_PORT: String(port + 9),
    // rspamd's milter, scan and controller ports (+30..+32), after the passive FTP range.
    HAVEN_RSPAMD_PORT: String(port + 30),
    // Roundcube's server block in the node's nginx (the webmail), after rspamd's three.
    HAVEN_WEBMAIL_PORT: String(port + 33),
  };
}

/** The port the hosting node's nginx serves the sites on (plain HTTP). */
export const webPort = (port: number): number => port + 1;
