// A value ready now or later. The pipeline answers nearly every query without the backend;
// answering those synchronously, and going async only where the backend is called, saves
// an async frame (a promise and microtask hops) per pipeline stage on every query.

export type Maybe<T> = T | Promise<T>;

/** f applied to x: at once when x is ready, else when it resolves. */
export function andThen<T, U>(x: Maybe<T>, f: (t: T) => Maybe<U>): Maybe<U> {
  return x instanceof Promise ? x.then(f) : f(x);
}

/** As a promise, for the async interface; a synchronous throw becomes a rejection, as from an async function. */
export function settle<T>(run: () => Maybe<T>): Promise<T> {
  try {
    const x = run();
    return x instanceof Promise ? x : Promise.resolve(x);
  } catch (e) {
    return Promise.reject(e);
  }
}
