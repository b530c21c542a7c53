import { nginxString } from './escape.ts';
import type { WebServerLayout } from './layout.ts';
import type { DomainSite, SiteSubdomain } from './web-server.port.ts';

/** How a subdomain's server block is rendered: plain HTTP, HTTPS, or HTTP redirecting to HTTPS. */
export type BlockMode = 'http' | 'https' | 'redirect';

/** HTTPS for a subdomain only when the certificate names every host name it answers to. */
export function coveredByTls(
  layout: WebServerLayout,
  site: DomainSite,
  sub: SiteSubdomain,
): boolean {
  const names = site.tls?.names;
  return !!names && layout.tlsListen.length > 0 && sub.hostnames.every((h) => names.includes(h));
}

/**
 * ACME HTTP-01 answers from Haven's own folder, for every host name, before anything of the
 * customer (`^~` stops the regex locations; the redirect keeps it reachable over plain HTTP).
 */
export function acmeLocation(layout: WebServerLayout, indent: string): string[] {
  return [
    `${indent}location ^~ /.well-known/acme-challenge/ {`,
    `${indent}    root ${nginxString(layout.acmeChallengeRoot)};`,
    `${indent}    default_type text/plain;`,
    `${indent}    try_files $uri =404;`,
    `${indent}}`,
  ];
}

function tlsPort(layout: WebServerLayout): string {
  const port = /(\d+)$/.exec(layout.tlsListen[0] ?? '')?.[1] ?? '443';
  return port === '443' ? '' : `:${port}`;
}

/** Plain HTTP of a covered subdomain: everything but the ACME answers moves to HTTPS. */
export function redirectLocation(layout: WebServerLayout, indent: string): string[] {
  return [`${indent}location / { return 301 https://$host${tlsPort(layout)}$request_uri; }`];
}

/** The listen and certificate lines of an HTTPS server block. */
export function tlsServerLines(
  layout: WebServerLayout,
  site: DomainSite,
  indent: string,
): string[] {
  const tls = site.tls;
  if (!tls) return [];
  return [
    ...layout.tlsListen.map((l) => `${indent}listen ${l} ssl;`),
    `${indent}ssl_certificate ${nginxString(tls.certFile)};`,
    `${indent}ssl_certificate_key ${nginxString(tls.keyFile)};`,
    `${indent}ssl_protocols TLSv1.2 TLSv1.3;`,
  ];
}

/** A TLS name no site claims: the handshake is refused (never another customer's certificate). */
export function defaultTlsServer(layout: WebServerLayout, indent: string): string[] {
  if (layout.tlsListen.length === 0) return [];
  return [
    `${indent}server {`,
    ...layout.tlsListen.map((l) => `${indent}    listen ${l} ssl default_server;`),
    `${indent}    server_name _;`,
    `${indent}    ssl_reject_handshake on;`,
    `${indent}}`,
  ];
}
