/** @module Test helper: drains an async generator into an array. */

export async function collect<T>(results: AsyncIterable<T>): Promise<T[]> {
  const collected: T[] = [];
  for await (const result of results) collected.push(result);
  return collected;
}
