import { join } from 'node:path';
import type { NodeHost } from '../node-host.ts';
import { nodeAdapter } from '../node-adapter.ts';
import { debianLayout, localLayout } from '../../platform/web-server/layout.ts';
import {
  certificateFolder,
  challengeFolder,
  joinLegacyPairs,
} from '../../platform/acme/acme-files.ts';
import {
  certificateFilesRemote,
  challengeAnswersRemote,
} from '../../platform/acme/acme-files.remote.ts';

/**
 * The ssl adapters of a node, each with its port's spec (node-adapter.ts): the HTTP-01 answers
 * and the certificates, where the node's nginx reads them (its profile's web server layout).
 * The ACME client itself stays on the panel.
 */
export async function sslAdapters(host: NodeHost) {
  const { profile, dataDir } = host.config;
  // Only the two folders are read: they depend on the profile and the data dir alone.
  const layout =
    profile === 'debian' ? debianLayout([], null) : localLayout(join(dataDir, 'web'), [], null);
  const joined = await joinLegacyPairs(layout.certDir);
  if (joined.length > 0)
    host.logger.info({ domains: joined }, 'ssl: older certificate pairs joined into one file');
  return {
    answers: nodeAdapter(challengeAnswersRemote, challengeFolder(layout.acmeChallengeRoot)),
    certificates: nodeAdapter(certificateFilesRemote, certificateFolder(layout.certDir)),
  };
}
