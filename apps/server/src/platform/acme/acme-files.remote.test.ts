import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { migrate, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createInProcessBus, type InProcessBus } from '../node-bus/node-bus.in-process.ts';
import { systemClock } from '../../lib/clock.ts';
import { bindAdapter, createAdapterTable } from '../../agent/adapter-table.ts';
import { heldFile } from '../../agent/held-revisions.ts';
import { startAgent, type Agent } from '../../agent/agent.ts';
import { createNodes, type Nodes } from '../../nodes/nodes.service.ts';
import { RemoteOperationError } from '../../nodes/remote-port.ts';
import type { CertificateFiles, ChallengeAnswers } from './acme.port.ts';
import { certificateFolder, certificatePaths, challengeFolder } from './acme-files.ts';
import { certificateFilesRemote, challengeAnswersRemote } from './acme-files.remote.ts';

// The real folders of a node (in a temp dir) driven through the outbox, the bus and its agent.
describe('the ACME answers and certificates on a node', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let bus: InProcessBus;
  let nodes: Nodes;
  let agent: Agent;
  let answers: ChallengeAnswers;
  let files: CertificateFiles;
  const log = pino({ level: 'silent' });
  const node = (...p: string[]) => join(dir, 'node', ...p);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-acme-remote-'));
    handle = openDatabase(`sqlite:${join(dir, 'panel.sqlite')}`);
    await migrate(handle);
    bus = createInProcessBus();
    nodes = createNodes({
      db: handle.db,
      bus: bus.panel,
      clock: systemClock,
      log,
      applyWaitMs: 2000,
    });
    await nodes.start();
    answers = nodes.port(challengeAnswersRemote, 'local');
    files = nodes.port(certificateFilesRemote, 'local');
    agent = await startAgent({
      bus: bus.agent('local'),
      table: createAdapterTable([
        bindAdapter(challengeAnswersRemote, challengeFolder(node('acme'))),
        bindAdapter(certificateFilesRemote, certificateFolder(node('certs'))),
      ]),
      held: heldFile(join(dir, 'agent')),
      roles: ['web'],
      version: 'test',
      clock: systemClock,
      log,
    });
  });

  afterAll(async () => {
    await agent.stop();
    await nodes.stop();
    await bus.panel.close();
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });

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
