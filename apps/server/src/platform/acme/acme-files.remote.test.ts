import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPanelWithNodes, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { bindAdapter } from '../../agent/adapter-table.ts';
import { RemoteOperationError } from '../../nodes/remote-port.ts';
import type { CertificateFiles, ChallengeAnswers } from './acme.port.ts';
import { certificateFolder, certificatePaths, challengeFolder } from './acme-files.ts';
import { certificateFilesRemote, challengeAnswersRemote } from './acme-files.remote.ts';

// The real folders of a node (in a temp dir) driven through the outbox, the bus and its agent.
describe('the ACME answers and certificates on a node', () => {
  let panel: PanelWithNodes;
  let answers: ChallengeAnswers;
  let files: CertificateFiles;
  const node = (...p: string[]) => join(panel.dir, 'node', ...p);

  beforeAll(async () => {
    panel = await startPanelWithNodes([
      {
        bindings: (dir) => [
          bindAdapter(challengeAnswersRemote, challengeFolder(join(dir, 'node', 'acme'))),
          bindAdapter(certificateFilesRemote, certificateFolder(join(dir, 'node', 'certs'))),
        ],
      },
    ]);
    answers = panel.nodes.port(challengeAnswersRemote, 'local');
    files = panel.nodes.port(certificateFilesRemote, 'local');
  });

  afterAll(() => panel.close());

  it('puts an HTTP-01 answer where the node serves it, and takes it away', async () => {
    const file = node('acme', '.well-known', 'acme-challenge', 'tok_en-1');
    await answers.put('tok_en-1', 'tok_en-1.thumb');
    expect(await readFile(file, 'utf8')).toBe('tok_en-1.thumb');
    await answers.remove('tok_en-1');
    await expect(stat(file)).rejects.toThrow();
  });

  it('installs the pair where the panel says the node keeps it, and removes it', async () => {
    await files.install('a.test', { keyPem: 'KEY', certPem: 'CERT\n' });
    const { certFile, keyFile } = certificatePaths(node('certs'), 'a.test');
    expect(keyFile).toBe(certFile);
    expect(await readFile(certFile, 'utf8')).toBe('KEY\nCERT\n');
    await files.remove('a.test');
    await expect(stat(certFile)).rejects.toThrow();
  });

  it("reports the node's refusal of a name that is not a token or a domain", async () => {
    const token = await answers.put('../x', 'y').catch((e: unknown) => e);
    expect(token).toBeInstanceOf(RemoteOperationError);
    expect(token).toMatchObject({ message: 'not an ACME token' });
    await expect(files.install('../x', { keyPem: 'K', certPem: 'C' })).rejects.toThrow(
      'not a domain name',
    );
  });
});
