import { X509Certificate } from 'node:crypto';
import type { CertificateInfo } from './acme.port.ts';

/** Names, expiry, issuer and key algorithm of the leaf (the first PEM block). */
export function describeCertificate(pem: string): CertificateInfo {
  const cert = new X509Certificate(pem);
  const names = (cert.subjectAltName ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('DNS:'))
    .map((part) => part.slice(4));
  const key = cert.publicKey;
  const details = key.asymmetricKeyDetails;
  const alg =
    key.asymmetricKeyType === 'ec'
      ? `ECDSA ${details?.namedCurve === 'prime256v1' ? 'P-256' : (details?.namedCurve ?? '')}`.trim()
      : `${(key.asymmetricKeyType ?? 'unknown').toUpperCase()} ${details?.modulusLength ?? ''}`.trim();
  const issuer = /(?:^|\n)CN=([^\n]+)/.exec(cert.issuer)?.[1] ?? cert.issuer.split('\n')[0] ?? '';
  return { names, expiresAt: Date.parse(cert.validTo), issuer, alg, serial: cert.serialNumber };
}
