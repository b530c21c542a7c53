// Whether Postfix accepts a recipient now: one SMTP session to RCPT TO (no message is sent).
import { connect } from 'node:net';

/** The reply code Postfix gives `RCPT TO:<address>` (250 accepted, 550 unknown...). */
export function rcptCode(port: number, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const steps = ['EHLO bench.test', 'MAIL FROM:<probe@elsewhere.test>', `RCPT TO:<${address}>`];
    let buffer = '';
    let step = -1;
    socket.setTimeout(10_000, () => socket.destroy(new Error('SMTP probe timed out')));
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      // A reply ends with a line whose code is followed by a space (not a dash).
      let end: RegExpExecArray | null;
      while ((end = /^(\d{3}) .*\r?\n/m.exec(buffer))) {
        const code = Number(end[1]);
        buffer = buffer.slice(end.index + end[0].length);
        if (step === steps.length - 1 || code >= 400) {
          socket.end('QUIT\r\n');
          resolve(step === steps.length - 1 ? code : 0);
          return;
        }
        step += 1;
        socket.write(`${steps[step]}\r\n`);
      }
    });
  });
}

/** Polls RCPT TO until it is accepted; the time waited (ms), or throws after `limitMs`. */
export async function untilAccepted(port: number, address: string, limitMs = 60_000) {
  const start = performance.now();
  for (;;) {
    if ((await rcptCode(port, address)) === 250) return performance.now() - start;
    if (performance.now() - start > limitMs) throw new Error(`${address} never accepted`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
