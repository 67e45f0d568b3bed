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
  let made: WalkedRegions | undefined;
  const get = () => (made ??= walked());
  return {
    mod,
    use,
    get euse() {
      return get().euse;
    },
    get ddef() {
      return get().ddef;
    },
    get assumed() {
      return get().assumed;
    },
  };
}
