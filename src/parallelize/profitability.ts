import type { Expr } from "../ir/expr.js";
import type { Language } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import { evalInt } from "../ir/const-eval.js";
import { childBlocks, stmtExprs, walkExpr } from "../ir/walk.js";
import { assignedIn } from "../analysis/assigned-in.js";
import { profitGuard } from "./profit-guard.js";
import { groupThousands } from "../util/group-thousands.js";
import { constTrips, pureExpr } from "./trip-count.js";

/**
 * Whether running a loop in parallel pays (issue 9 §5, issue 17). Work is
 * counted in statements executed, an inner loop with a symbolic trip count
 * counted as GUESS_TRIPS iterations (or its value-range cap if smaller).
 *
 * Starting a parallel region costs about 1.5 µs at one thread, 2 to 7 µs
 * with two threads that spin and 17 to 40 µs with two that sleep
 * (OMP_WAIT_POLICY=passive; gcc 12 / libgomp on 2 virtual cores: 17 µs when
 * first measured, 35 to 40 µs on 2026-11-27), that is 1,500 to 40,000
 * simple statements; an `if()` clause that is false still enters the
 * runtime and costs about as much as a region at one thread (~1.8 µs).
 * With two threads a loop of W statements then takes about L + W/2 for a
 * start cost L, so it pays only when W > 2L: REGION_WORK is 2L at the
 * slower figure (it was L at the faster one, 20,000, until issue 17's
 * benchmark showed f43's inner reductions of 50,000 statements, entered
 * 199 times, 1.5x slower than serial at two threads; NPB BT, SP and LU
 * class W ran as fast or faster with the new figure). What matters is
 * the work per region start and how often the region starts (`entries`,
 * counted by choose-directives.ts from the enclosing serial loops and the
 * call sites, entry-counts.ts):
 * - a loop entered at most FEW_ENTRIES times costs well under a
 *   millisecond of region starts in all, so only loops whose constant trip
 *   count is below MIN_TRIPS or whose whole execution is below MIN_WORK
 *   statements stay serial ("parallel, not profitable"); a symbolic trip
 *   count gets an `if(trips >= T)` clause, T chosen so that T iterations
 *   do MIN_WORK;
 * - a loop entered more often (an inner loop of a serial nest, a loop in a
 *   routine called inside a loop, or one whose callers are not known) must
 *   do REGION_WORK statements per start, or its region starts add up to
 *   more than the work they share out: with a constant trip count it must
 *   do so; with a symbolic one, its `if()` asks for the trip count that
 *   does (the product with an inner loop's, when an inner loop is most of
 *   the work); before issue 17 this rule started at 1,000 entries, and a
 *   loop entered 300 times for 300 statements got a directive that cost
 *   17 µs to save 0.15;
 * - a loop entered MANY_ENTRIES times or more, or more than FEW_ENTRIES
 *   times by a count that rests on a guess (`guessed`: a symbolic trip
 *   count around it or its calls; the real count may be far larger; a
 *   routine no file given calls is a library entry, not a guess:
 *   entry-counts.ts), gets such a clause only when the count it asks for is at
 *   most MAX_GUARD_TRIPS (iterations that each run an inner loop,
 *   typically): a clause that is false on most entries would only add its
 *   runtime call to each. Without this rule NPB's SP, LU and MG started
 *   millions of regions of a few hundred statements each and ran up to 30
 *   times slower than serial;
 * - a symbolic trip count that the value ranges cap (`limit`,
 *   trip-bounds.ts) is judged at its cap, and guards are folded
 *   (profit-guard.ts): a loop that cannot reach its `if()` threshold gets
 *   no directive (the clause would never be true), a clause that always
 *   holds is left out.
 */
export const MIN_TRIPS = 4;
export const MIN_WORK = 200;
export const GUESS_TRIPS = 100;
export const FEW_ENTRIES = 50;
export const MANY_ENTRIES = 1000;
export const REGION_WORK = 80000;
export const MAX_GUARD_TRIPS = 2 * GUESS_TRIPS;
/**
 * A procedure called from inside parallel loops at least FEW_ENTRIES
 * times, and NESTED_RATIO times as often as from outside, gets no
 * directive: each inside call would start an inactive region (about
 * 0.5 µs, a team of one) to save nothing.
 */
export const NESTED_RATIO = 10;

export interface Profit {
  /** Constant trip count, if known. */
  trips: number | null;
  /** Statements executed by one iteration (inner symbolic trip counts guessed). */
  bodyWork: number;
  /** Whole loop, when the trip count is constant. */
  work: number | null;
  /** Not worth a parallel region: why. */
  notProfitable: string | null;
  /** For a symbolic trip count: the guard, in source syntax (null when the bounds cannot be evaluated twice safely). */
  ifCondition: string | null;
  /** The same guard as an expression (to weigh it against a run-time check: choose-directives.ts). */
  ifExpr?: Expr;
}

/** Statements a call of the named procedure executes (0 when unknown). */
export type CalleeWork = (name: string) => number;

/** At most how many iterations a loop runs (trip-bounds.ts); constTrips knows only constant bounds. */
export type TripLimit = ((loop: Loop) => number | null) & {
  /** Where a loop's cap comes from, for a reason's text (default: the value ranges of its bounds). */
  why?: (loop: Loop) => string;
};

/** The words that say where a loop's trip-count cap comes from. */
export function capSource(limit: TripLimit, loop: Loop): string {
  return limit.why?.(loop) ?? "the value ranges of its bounds";
}

/** How often a loop starts its region: an estimate, and whether a guess went into it (entry-counts.ts). */
export interface Entries {
  count: number;
  guessed: boolean;
}

export function profitability(loop: Loop, lang: Language, entered: Entries = { count: 1, guessed: false }, callee: CalleeWork = () => 0, limit: TripLimit = constTrips): Profit {
  const entries = entered.count;
  const trips = constTrips(loop);
  const bodyWork = Math.max(1, blockWork(loop.body, callee, limit));
  const repeated = entries > FEW_ENTRIES;
  // A guessed count may be far larger than the guess: judged as often entered when it is past FEW_ENTRIES.
  const often = entries >= MANY_ENTRIES || (repeated && entered.guessed);
  const needed = repeated ? REGION_WORK : MIN_WORK;
  // Printed only into a reason (issue 16: every candidate loop printed it, and the number's formatting was slow).
  const about = () => `it is entered about ${round(entries)} times${entered.guessed ? " (a guess: a trip count or a caller is not known)" : ""} and`;
  if (trips !== null) {
    const work = trips * bodyWork;
    let notProfitable: string | null = null;
    if (trips < MIN_TRIPS) notProfitable = `it runs only ${trips} iteration${trips === 1 ? "" : "s"}`;
    else if (work < needed) notProfitable = `${repeated ? `${about()} each time ` : ""}it does too little work (about ${work} statement executions)`;
    return { trips, bodyWork, work, notProfitable, ifCondition: null };
  }
  // The iterations that pay for a region; symbolic bounds whose value ranges cap the trip count: at most `most`.
  const threshold = Math.max(MIN_TRIPS, Math.ceil(needed / bodyWork));
  const most = limit(loop);
  if (most !== null && most < threshold)
    return { trips: null, bodyWork, work: null, notProfitable: `${repeated ? `${about()} ` : ""}it runs at most ${most} iteration${most === 1 ? "" : "s"} (${capSource(limit, loop)}), about ${most * bodyWork} statement executions, and a region pays only from ${threshold} iterations on`, ifCondition: null };
  if (often && bodyWork * MAX_GUARD_TRIPS < REGION_WORK)
    return { trips: null, bodyWork, work: null, notProfitable: `${about()} an iteration does only about ${bodyWork} statement execution${bodyWork === 1 ? "" : "s"}, so a region start pays only from about ${Math.ceil(REGION_WORK / bodyWork)} iterations on, more than a loop entered so often usually runs`, ifCondition: null };
  const inner = repeated ? dominantInner(loop, callee, limit) : null;
  // bodyWork / (the inner loop's counted trips): an iteration's statements per iteration of the inner loop (the others scaled alike).
  const innerTrips = inner ? Math.min(GUESS_TRIPS, limit(inner) ?? GUESS_TRIPS) : 1;
  const guard = (inner ? profitGuard([loop, inner], Math.ceil((needed * innerTrips) / bodyWork), lang, limit) : null) ?? profitGuard([loop], threshold, lang, limit);
  const none = { trips: null, bodyWork, work: null };
  if (!guard) {
    // Conservative: a loop entered repeatedly whose trip count cannot be tested before it starts could start a region for a few iterations each time.
    if (repeated) return { ...none, notProfitable: `${about()} its trip count cannot be tested before it starts (a symbolic step, or bounds with side effects), so an if() clause cannot keep a short run serial`, ifCondition: null };
    return { ...none, notProfitable: null, ifCondition: null };
  }
  if (guard.kind === "never") return { ...none, notProfitable: `${repeated ? `${about()} ` : ""}${guard.why}`, ifCondition: null };
  return { ...none, notProfitable: null, ...(guard.kind === "test" ? { ifCondition: guard.text, ifExpr: guard.expr } : { ifCondition: null }) };
}

/** A count for a message: 1234567 as "1,200,000". */
export function round(n: number): string {
  if (n < 1000) return String(Math.round(n));
  const digits = Math.floor(Math.log10(n)) - 1;
  return groupThousands(String(Math.round(n / 10 ** digits) * 10 ** digits));
}

/** Statements executed by a block once (IF: the longer branch; inner loops: trips × body; calls: what the callee executes). */
export function blockWork(stmts: readonly Stmt[], callee: CalleeWork = () => 0, limit: TripLimit = constTrips): number {
  let w = 0;
  for (const s of stmts) {
    switch (s.kind) {
      case "loop":
        w += (constTrips(s) ?? Math.min(GUESS_TRIPS, limit(s) ?? GUESS_TRIPS)) * Math.max(1, blockWork(s.body, callee, limit));
        break;
      case "if":
        w += 1 + Math.max(blockWork(s.then, callee, limit), blockWork(s.else, callee, limit));
        break;
      case "switch":
        w += 1 + Math.max(0, ...s.cases.map((c) => blockWork(c.body, callee, limit)));
        break;
      case "block":
        w += blockWork(s.body, callee, limit);
        break;
      case "nop":
        break;
      default:
        w += 1;
        if (s.kind === "call" && !s.intrinsic) w += callee(s.name);
        for (const e of stmtExprs(s))
          walkExpr(e, (x) => {
            if (x.kind === "call" && !x.intrinsic && !x.sym?.attrs.statementFunction) w += callee(x.name);
          });
    }
  }
  return Math.min(w, 1e15);
}

/** An inner loop capped at this many iterations (UA's 5-point element faces) is not worth a term of the guard. */
const SMALL_INNER = 8;

/**
 * The inner loop that stands for an iteration's work: among the loops
 * directly in the body (not inside another inner loop), one with a
 * symbolic trip count whose bounds the loop does not change and whose cap
 * is above SMALL_INNER (an array's extent, NPB LU's `do i = ist, iend`
 * over 33 points, is an upper bound: the guard tests the real count), the
 * one doing the most work.
 */
function dominantInner(loop: Loop, callee: CalleeWork, limit: TripLimit): Loop | null {
  const assigned = assignedIn(loop);
  const fixed = (e: Expr) => {
    let ok = pureExpr(e);
    walkExpr(e, (x) => {
      if ((x.kind === "var" || x.kind === "elem") && assigned.has(x.sym)) ok = false;
      if (x.kind === "elem" && x.subs.some((s) => evalInt(s) === undefined)) ok = false;
    });
    return ok;
  };
  let best: Loop | null = null;
  let bestWork = 0;
  const visit = (stmts: readonly Stmt[]) => {
    for (const s of stmts) {
      if (s.kind === "loop") {
        const cap = limit(s);
        if (constTrips(s) !== null || (cap !== null && cap <= SMALL_INNER) || !s.lower || !s.upper || !fixed(s.lower) || !fixed(s.upper)) continue;
        const w = blockWork(s.body, callee, limit);
        if (w > bestWork) [best, bestWork] = [s, w];
        continue;
      }
      for (const b of childBlocks(s)) visit(b);
    }
  };
  visit(loop.body);
  return best;
}
