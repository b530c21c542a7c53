import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

/** A fresh ECDSA P-256 key (PKCS#8 PEM) and its CSR for the names: the first is the subject. */
export async function newKeyAndCsr(
  commonName: string,
  altNames: readonly string[],
): Promise<{ keyPem: string; csr: Buffer }> {
  const { privateKey } = await generate('ec', {
    namedCurve: 'prime256v1',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  // Loaded on first use: acme-client (with axios and its X.509 libraries) was 40 MB of the
  // panel's resting memory for something used only when a certificate is made.
  const { crypto } = await import('acme-client');
  const [, csr] = await crypto.createCsr(
    { commonName, altNames: [commonName, ...altNames] },
    privateKey,
  );
  return { keyPem: privateKey, csr };
}
