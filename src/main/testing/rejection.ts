/** The error a promise rejects with; fails the test when it resolves instead. */
export async function rejection<E = Error>(p: Promise<unknown>): Promise<E> {
  try {
    await p;
  } catch (e) {
    return e as E;
  }
  throw new Error('expected a rejection, the promise resolved');
}
