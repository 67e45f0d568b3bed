/**
 * Where the time of a run goes, phase by phase (issue 16: `npm run bench`
 * prints it). Core code has no clock of its own (it runs in the browser
 * too), so the caller that wants figures installs one (`startPhases`,
 * e.g. CPU microseconds from process.cpuUsage); with none installed,
 * `phase` only calls its function.
 *
 * Phases nest (the ranges run inside the planning of a file): the time of
 * an inner phase is charged to it alone, not also to the outer one, so
 * the figures add up to the time measured. Phases are entered per file or
 * per procedure, never per reference pair: each entry reads the clock
 * twice.
 */
export const PHASES = ["read", "lower", "flow", "ranges", "deps", "link", "plan", "emit", "report"] as const;
export type Phase = (typeof PHASES)[number];

export type PhaseTimes = Record<Phase, number>;

interface Running {
  clock: () => number;
  times: PhaseTimes;
  /** The phases entered and not yet left, innermost last. */
  stack: Phase[];
  /** The clock when the innermost phase last started or resumed. */
  mark: number;
}

let running: Running | null = null;

/** Starts accumulating time per phase with `clock`; returns the times (updated until `stopPhases`). */
export function startPhases(clock: () => number): PhaseTimes {
  const times = Object.fromEntries(PHASES.map((p) => [p, 0])) as PhaseTimes;
  running = { clock, times, stack: [], mark: clock() };
  return times;
}

export function stopPhases(): void {
  running = null;
}

/** Runs `f` as phase `name` (exclusive of the phases it enters). */
export function phase<T>(name: Phase, f: () => T): T {
  const r = running;
  if (!r) return f();
  charge(r);
  r.stack.push(name);
  try {
    return f();
  } finally {
    // The run may have been stopped (or restarted) inside f: then there is nothing to charge.
    if (running === r) {
      charge(r);
      r.stack.pop();
    }
  }
}

/** Adds the time since the mark to the innermost phase (none: time outside every phase, not counted). */
function charge(r: Running): void {
  const now = r.clock();
  const top = r.stack[r.stack.length - 1];
  if (top) r.times[top] += now - r.mark;
  r.mark = now;
}
