/**
 * Certificates for a domain's host names in Haven's terms: an issuer proves control of the names
 * through HTTP-01 answers that the domain's own nginx serves (`ChallengeAnswers`), and answers a
 * certificate with its fresh private key. Two issuers: an ACME server (`acme.acme-client.ts`,
 * Let's Encrypt or any RFC 8555 directory) and Haven's local CA for the local profile
 * (`local-ca.ts`, docs/ssl.md). Failures are typed (`IssueError`).
 */

/** Where the web server serves HTTP-01 answers from: `/.well-known/acme-challenge/<token>`. */
export interface ChallengeAnswers {
  put(token: string, content: string): Promise<void>;
  remove(token: string): Promise<void>;
}

export interface IssuedCertificate {
  /** Leaf first, then the chain (what nginx's `ssl_certificate` reads). */
  certPem: string;
  /** PKCS#8 PEM of the certificate's own key (ECDSA P-256, new for each certificate). */
  keyPem: string;
}

export interface CertificateIssuer {
  readonly kind: 'acme' | 'local-ca';
  /** Proves control of every name (HTTP-01) and answers the signed certificate. */
  issue(names: readonly string[], answers: ChallengeAnswers): Promise<IssuedCertificate>;
}

/**
 * Why an issue failed. `challenge`: a name's HTTP-01 answer was not seen (DNS points elsewhere,
 * the site is unreachable); `rejected`: the CA refused the order (names, rate limits, policy);
 * `unreachable`: the ACME directory or the local CA cannot be used now.
 */
export class IssueError extends Error {
  constructor(
    readonly kind: 'challenge' | 'rejected' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'IssueError';
  }
}

/** What Haven keeps of a certificate: read from the certificate itself. */
export interface CertificateInfo {
  names: string[];
  /** Epoch ms. */
  expiresAt: number;
  issuer: string;
  /** `ECDSA P-256`, `RSA 2048`. */
  alg: string;
  serial: string;
}

/**
 * The installed certificate files nginx reads (SiteTls), on the domain's node. Where they are is
 * not asked of it: every node lays them out the same way (`certificatePaths` in acme-files.ts).
 */
export interface CertificateFiles {
  /**
   * Writes the key and the chain atomically into one file (0600), replacing the old pair in one
   * rename: no moment without a pair, nor with a key and a certificate that do not belong together.
   */
  install(domain: string, cert: IssuedCertificate): Promise<void>;
  remove(domain: string): Promise<void>;
}
