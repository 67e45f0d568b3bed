import { sameRun, type OutputComparison } from "../../../src/node/verify/compare-outputs.js";
import { programFiles, type E2EProgram } from "./corpus.js";
import { checkDirectivesOnly, type TextCheck } from "./line-diff.js";
import type { ProcResult } from "../../../src/node/verify/process.js";
import { compile, run } from "./toolchain.js";

export interface RunCheck {
  threads: number;
  result: ProcResult;
  comparison: OutputComparison;
}

export interface TransformedCheck {
  /** The transformed program compiled and every run printed what the serial program prints. */
  ok: boolean;
  /** Directive lines added and anything else changed; not part of `ok`: the caller decides. */
  text: TextCheck;
  serial: ProcResult;
  runs: RunCheck[];
  /** Why `ok` is false, one line each. */
  problems: string[];
}

export interface CheckOptions {
  /** Thread counts to run with (default 1, 2, 4). */
  threads?: number[];
  /** Runs per thread count (more chances for a race to show). */
  repeat?: number;
  timeoutMs?: number;
  /** Overrides the program's own tolerance. */
  tolerance?: number;
}

const serialRuns = new Map<string, Promise<ProcResult>>();

/**
 * The serial program's output, the reference every parallel run must
 * match, run once per test run (cached). It is built with -fopenmp like
 * the transformed program (it has no directives, so it runs sequentially):
 * the flags then differ only by the directives, and what -fopenmp changes
 * by itself (gfortran's -frecursive puts local arrays on the stack) shows
 * up in the serial run, as the corpus's problem, not the transformer's.
 */
export function serialReference(p: E2EProgram, timeoutMs = 30_000): Promise<ProcResult> {
  let r = serialRuns.get(p.path + "\0" + p.text);
  if (!r) {
    r = (async () => {
      const c = await compile(p.lang, programFiles(p), { openmp: true });
      if (!c.ok) throw new Error(`${p.name}: the serial program does not compile:\n${c.command}\n${c.stderr}`);
      return run(c.exe, { threads: 1, timeoutMs });
    })();
    serialRuns.set(p.path + "\0" + p.text, r);
  }
  return r;
}

/**
 * Compiles the transformed program with -fopenmp, runs it with 1, 2 and 4
 * threads and compares each output with the serial program's (exactly, or
 * within the program's tolerance), and checks that only directive lines
 * were added to the text.
 */
export async function checkTransformedProgram(original: E2EProgram, transformed: string, opts: CheckOptions = {}): Promise<TransformedCheck> {
  const text = checkDirectivesOnly(original.text, transformed, original.lang);
  const serial = await serialReference(original, opts.timeoutMs);
  const problems: string[] = [];
  const runs: RunCheck[] = [];
  if (serial.status !== 0) problems.push(`the serial program failed (status ${serial.status}, signal ${serial.signal}): ${serial.stderr.slice(0, 500)}`);
  const c = await compile(original.lang, programFiles(original, transformed), { openmp: true });
  if (!c.ok) {
    problems.push(`the transformed program does not compile${c.timedOut ? " (timed out)" : ""}:\n${c.command}\n${c.stderr}`);
    return { ok: false, text, serial, runs, problems };
  }
  const tolerance = opts.tolerance ?? original.tolerance;
  const plan = (opts.threads ?? [1, 2, 4]).flatMap((t) => Array.from({ length: opts.repeat ?? 1 }, () => t));
  await Promise.all(
    plan.map(async (threads) => {
      const result = await run(c.exe, { threads, ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}) });
      const comparison = sameRun(serial, result, tolerance);
      runs.push({ threads, result, comparison });
    }),
  );
  runs.sort((x, y) => x.threads - y.threads);
  for (const r of runs) if (!r.comparison.equal) problems.push(`${r.threads} thread${r.threads > 1 ? "s" : ""}: ${r.comparison.detail}`);
  return { ok: problems.length === 0, text, serial, runs, problems };
}
