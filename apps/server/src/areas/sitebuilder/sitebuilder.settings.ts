import { z } from 'zod';

/** The site builder to open, and the secret its sign-on token is signed with. */
export const sitebuilderSettings = () =>
  z
    .object({
      /** An address with {domain} and {token} placeholders. */
      SITEBUILDER_URL: z.url().optional(),
      /** Signs the sign-on token (HS256); shared with the site builder. */
      SITEBUILDER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    })
    .transform((e) => ({ url: e.SITEBUILDER_URL, secret: e.SITEBUILDER_SECRET }));
export type SitebuilderSettings = z.output<ReturnType<typeof sitebuilderSettings>>;
