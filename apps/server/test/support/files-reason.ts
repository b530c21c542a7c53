import { WebspaceFilesError } from '../../src/platform/webspace-files/webspace-files.port.ts';

/** The webspace-files port's failure reason, or 'ok'; any other error shows as itself. */
export async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (error) {
    return error instanceof WebspaceFilesError ? error.reason : String(error);
  }
}
