// A costly answer computed once per state of its inputs (named by `key`), one computation at a
// time: a request for the key computed last (or being computed) gets that same promise, and a
// request for another key waits for the one in flight before its own starts, so however many
// requests come at once the server runs one computation. A failed computation is not kept.
export function oneAtATime<T>(): (key: string, compute: () => Promise<T>) => Promise<T> {
  let last: { key: string; value: Promise<T> } | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return (key, compute) => {
    if (last?.key === key) return last.value;
    const value = queue.then(compute);
    queue = value.catch(() => undefined);
    const kept = { key, value };
    last = kept;
    value.catch(() => {
      if (last === kept) last = undefined;
    });
    return value;
  };
}
