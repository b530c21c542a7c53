import type { PortSpec } from '../node-bus/port-spec.ts';
import type { CertificateFiles, ChallengeAnswers } from './acme.port.ts';

/**
 * The HTTP-01 answers on the domain's node, where the CA fetches them. One answer is one object
 * (`acme-answer:<token>`): put carries its whole content and remove its absence.
 */
export const challengeAnswersRemote: PortSpec<ChallengeAnswers> = {
  name: 'acmeAnswers',
  methods: {
    put: { kind: 'change', object: (token) => `acme-answer:${token}` },
    remove: { kind: 'change', object: (token) => `acme-answer:${token}` },
  },
};

/**
 * A domain's installed certificate on its node: one object (`certificate:<domain>`), each
 * install carrying the whole pair (key and chain), so a newer one supersedes an older one.
 */
export const certificateFilesRemote: PortSpec<CertificateFiles> = {
  name: 'certificates',
  methods: {
    install: { kind: 'change', object: (domain) => `certificate:${domain}` },
    remove: { kind: 'change', object: (domain) => `certificate:${domain}` },
  },
};
