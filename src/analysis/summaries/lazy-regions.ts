import type { Box } from "../regions/box.js";
import type { ArrayRegions } from "./summary.js";

/** The part of an array's regions a coverage walk makes: what is read first, what is surely written. */
export type WalkedRegions = Pick<ArrayRegions, "euse" | "ddef" | "assumed">;

/**
 * Array regions whose MOD and USE are given and whose EUSE, DDEF and
 * assumed EUSE are made when one of them is first read (issue 16).
 *
 * MOD and USE come from one pass over the procedure (mayRegions); EUSE
 * and DDEF take a coverage walk of the whole body per array
 * (regions/coverage.ts), and every call site moves a callee's regions
 * for all its arrays. Most of those walks were for regions nobody read:
 * the MOD and USE of a call is all the caller's own MOD and USE, and the
 * dependence references need, while only privatization and liveness ask
 * what a call reads first or surely writes, and only for the arrays they
 * follow. On NPB UA two thirds of the walks went unread.
 *
 * What `walked` uses is fixed once the regions are made (the procedure's
 * body, the callees' summaries, the substitution of a call site), so when
 * it runs does not change what it finds.
 */
export function lazyRegions(mod: Box[], use: Box[], walked: () => WalkedRegions): ArrayRegions {
  return new LazyRegions(mod, use, walked);
}

/** A class, not an object literal with getters: its accessors are on the prototype, not made per object. */
class LazyRegions implements ArrayRegions {
  private made: WalkedRegions | undefined;

  constructor(
    public mod: Box[],
    public use: Box[],
    private walked: (() => WalkedRegions) | null,
  ) {}

  private get done(): WalkedRegions {
    if (!this.made) {
      this.made = this.walked!();
      // What the walk needed (a procedure's body, a call's substitution) is not kept alive by the answer.
      this.walked = null;
    }
    return this.made;
  }
  get euse(): Box[] {
    return this.done.euse;
  }
  get ddef(): Box[] {
    return this.done.ddef;
  }
  get assumed(): WalkedRegions["assumed"] {
    return this.done.assumed;
  }
}
