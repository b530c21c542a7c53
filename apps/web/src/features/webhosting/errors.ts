/** The catalogue's prefixes (specs §8): `webhosting.<area>.error.<code>`, in the webhosting namespace. */
export const ERROR_PREFIX = {
  subdomain: ['webhosting:subdomain.error.'],
  webuser: ['webhosting:webuser.error.'],
  protected_directory: ['webhosting:protected_directory.error.'],
} as const;
