import { deriveKey } from '../../lib/crypto.ts';
import { loadSecret } from '../../lib/secret.ts';

/**
 * The key the webmail plugin sends when it redeems a token: derived from the panel's secret, so
 * it needs no file of its own and changes with it. The webmail adapter writes it into the
 * plugin's config (readable by the web server's PHP only).
 */
export function webmailRedeemKey(secret: string | undefined, dataDir: string): string {
  return deriveKey(loadSecret(secret, dataDir), 'haven-webmail-redeem');
}
