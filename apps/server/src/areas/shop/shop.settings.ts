import { z } from 'zod';

/** Shop payments (docs/shop-payments.md): Mollie when set; else the built-in test checkout (local profile only). */
export const shopSettings = () =>
  z
    .object({
      MOLLIE_API_KEY: z
        .string()
        .regex(/^(test|live)_\w{20,}$/, 'must be a Mollie API key (test_... or live_...)')
        .optional(),
      /** Only to reach Mollie through a proxy (or a stand-in in tests). */
      MOLLIE_API_ENDPOINT: z.url().optional(),
    })
    .transform((e) => ({
      mollieApiKey: e.MOLLIE_API_KEY,
      mollieApiEndpoint: e.MOLLIE_API_ENDPOINT,
    }));
export type ShopSettings = z.output<ReturnType<typeof shopSettings>>;
