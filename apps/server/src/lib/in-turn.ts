/**
 * Runs work one piece at a time, in the order it was handed over, whatever became of the piece
 * before (a service that refuses overlapping writes, a file rewritten whole).
 */
export function createInTurn(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const mine = last.then(work, work);
    last = mine.catch(() => undefined);
    return mine;
  };
}
