import { inspect } from 'node:util';

/*
 * Text for the person at the terminal: the CLI's answers and the server's start banner (which
 * carries the demo password, so it must not go to collected logs). This is not logging: logs go
 * through the structured logger (core.ts). The one file of the server where console is allowed.
 */

/** A line on stdout. */
export function print(text: string): void {
  console.log(text);
}

/** A line on stderr: a refusal or a failure the operator must read. */
export function printError(text: unknown): void {
  console.error(typeof text === 'string' ? text : inspect(text));
}
