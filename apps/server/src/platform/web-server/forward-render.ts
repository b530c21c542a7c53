import { nginxString, UnsafeConfigValueError } from './escape.ts';
import type { WebServerLayout } from './layout.ts';
import type { SiteForward } from './web-server.port.ts';

/**
 * The redirect target as one nginx token. The contract allows only absolute http(s) URLs
 * without spaces, quotes, `;`, `{}`, `$` or `\`; this refuses them again (nginxString refuses
 * control characters and `$`), so a stored value can never add a directive.
 */
export function redirectTarget(target: string): string {
  // Control characters pass this pattern but not nginxString below.
  if (!/^https?:\/\/[^\s"'\\;<>{}|^`$]+$/i.test(target) || target.length > 2_000)
    throw new UnsafeConfigValueError('nginx redirect', target);
  return nginxString(target);
}

/**
 * One server block answering every path of the forwarded names with the redirect to the
 * target as given (the path is not appended: the forward sends visitors to that one URL).
 */
export function renderForward(layout: WebServerLayout, forward: SiteForward): string {
  if (forward.status !== 301 && forward.status !== 302)
    throw new UnsafeConfigValueError('nginx redirect status', String(forward.status));
  const names = forward.hostnames.map(nginxString);
  return [
    `# Managed by Haven: the website forward of ${forward.domain}; every change here is overwritten.`,
    'server {',
    ...layout.listen.map((l) => `    listen ${l};`),
    `    server_name ${names.join(' ')};`,
    // Local profile: also <name>.localhost, like the sites (issue #16).
    ...(layout.profile === 'local'
      ? [
          `    server_name ${forward.hostnames.map((h) => nginxString(`${h}.localhost`)).join(' ')};`,
        ]
      : []),
    '    access_log off;',
    `    location / { return ${forward.status} ${redirectTarget(forward.target)}; }`,
    '}',
    '',
  ].join('\n');
}
