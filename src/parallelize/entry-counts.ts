import type { Procedure } from "../ir/program.js";
import type { Loop } from "../ir/stmt.js";
import { callersOf, type CallGraph, type CallSite } from "./call-graph.js";
import { GUESS_TRIPS, type TripLimit } from "./profitability.js";
import { constTrips } from "./trip-count.js";

/** How often a procedure runs, as far as the programs seen tell. */
export interface Calls {
  /** Estimated number of calls per run of the program. */
  count: number;
  /** Set when every call is inside a loop that runs in parallel: the procedure's own directives would only nest. */
  insideParallel: CallSite | null;
  /**
   * Estimated calls from inside loops that run in parallel (not in
   * `count`), and the first such site: there a region of the procedure
   * starts inactive, for nothing (about 0.5 µs each, profitability.ts).
   */
  nested?: { count: number; site: CallSite };
  /**
   * The count rests on a guess: the procedure is recursive, or a loop
   * around a call has a trip count neither constant nor capped by the value
   * ranges. The real count may be far larger.
   *
   * A routine no file given calls is not a guess in this sense, although
   * its count (GUESS_TRIPS) is: it is a library entry (a `scale` or `saxpy`
   * kernel given alone), whose callers the user has not shown us, and the
   * user who gives it alone wants it parallel for large n. Judging it "often
   * entered" left such kernels with no directive at all; it keeps the plain
   * rule, an if() clause on its own trip count.
   */
  guessed: boolean;
}

/** Beyond this, counts stop growing (they are estimates, and products of guesses overflow nothing useful). */
const CAP = 1e15;

/**
 * Estimates how many times each procedure is called (for the
 * profitability of its loops, profitability.ts): the main program runs
 * once; another procedure as often as its callers run the call sites, each
 * site weighted by the trip counts of the caller's loops around it (a
 * symbolic trip count guessed as GUESS_TRIPS); a procedure no program
 * calls (a library routine, or called from a file not given) is guessed
 * to run GUESS_TRIPS times; a recursive one, as often as GUESS_TRIPS
 * calls of its caller. Ask in `graph.topDown` order, after the callers'
 * directives are chosen: a call inside a loop that got a directive runs
 * inside that parallel region.
 */
export class EntryCounts {
  private memo = new Map<Procedure, Calls>();
  private busy = new Set<Procedure>();

  constructor(
    private graph: CallGraph,
    private emitted: (l: Loop) => boolean,
    private limit: TripLimit = constTrips,
  ) {}

  calls(p: Procedure): Calls {
    const known = this.memo.get(p);
    if (known) return known;
    if (this.busy.has(p)) return { count: GUESS_TRIPS, insideParallel: null, guessed: true };
    this.busy.add(p);
    const r = this.compute(p);
    this.busy.delete(p);
    this.memo.set(p, r);
    return r;
  }

  private compute(p: Procedure): Calls {
    if (p.kind === "program" || (p.language === "c" && p.name === "main")) return { count: 1, insideParallel: null, guessed: false };
    const sites = callersOf(this.graph, p);
    if (sites.length === 0) return { count: GUESS_TRIPS, insideParallel: null, guessed: false };
    let count = 0;
    let inside: CallSite | null = null;
    let outside = false;
    let guessed = false;
    let nested = 0;
    for (const site of sites) {
      const caller = this.calls(site.caller);
      // How often the caller runs in all, inside parallel regions or not.
      const runs = (caller.insideParallel ? 0 : caller.count) + (caller.nested?.count ?? 0);
      if (caller.insideParallel || site.loops.some(this.emitted)) {
        inside ??= caller.insideParallel ?? site;
        nested += runs * loopProduct(site.loops, this.limit);
        continue;
      }
      outside = true;
      count += caller.count * loopProduct(site.loops, this.limit);
      nested += (caller.nested?.count ?? 0) * loopProduct(site.loops, this.limit);
      if (caller.guessed || !tripsKnown(site.loops, this.limit)) guessed = true;
    }
    const out: Calls = { count: Math.min(CAP, Math.max(1, count)), insideParallel: outside ? null : inside, guessed };
    const first = inside ?? sites.find((site) => this.calls(site.caller).nested);
    if (nested > 0 && first) out.nested = { count: Math.min(CAP, nested), site: first };
    return out;
  }
}

/**
 * The product of the loops' trip counts: how often the innermost body
 * runs per entry of the outermost. A symbolic trip count counts at its cap
 * from the value ranges (`limit`, trip-bounds.ts), else as GUESS_TRIPS. The
 * cap is an upper bound, and here the safe side is the larger count: a
 * loop inside `do y = 1, h` with h known to be at most 870 may start its
 * region 870 times per entry of the nest, and is weighed so (blockWork,
 * which estimates work, takes the smaller of cap and guess instead).
 */
export function loopProduct(loops: readonly Loop[], limit: TripLimit = constTrips): number {
  let n = 1;
  for (const l of loops) n = Math.min(CAP, n * (constTrips(l) ?? limit(l) ?? GUESS_TRIPS));
  return n;
}

/** Whether every loop's trip count is constant or capped by the value ranges: a product with no guess in it. */
export function tripsKnown(loops: readonly Loop[], limit: TripLimit = constTrips): boolean {
  return loops.every((l) => constTrips(l) !== null || limit(l) !== null);
}
