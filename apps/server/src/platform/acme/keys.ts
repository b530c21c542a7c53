import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import * as acme from 'acme-client';

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
  const [, csr] = await acme.crypto.createCsr(
    { commonName, altNames: [commonName, ...altNames] },
    privateKey,
  );
  return { keyPem: privateKey, csr };
}
