/**
 * Runs at most `size` tasks at a time, in the order they were asked for.
 * The e2e suite compiles and runs many small programs: a few at once keeps
 * a 2-core CI machine busy without making every timing-sensitive run wait
 * behind dozens of compilers.
 */
export class Limiter {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!(size >= 1)) throw new Error(`Limiter size must be at least 1, got ${size}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so a
    // newcomer cannot slip in between and exceed the limit.
    if (this.active >= this.size) await new Promise<void>((wake) => this.queue.push(wake));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
