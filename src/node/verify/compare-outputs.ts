import type { ProcResult } from "./process.js";

/** The outcome of comparing a parallel run's output with the serial reference. */
export interface OutputComparison {
  equal: boolean;
  /** Where they first differ, for the failure message. */
  detail?: string;
}

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][-+]?\d+)?|[-+]?\b(?:nan|infinity|inf)\b/gi;

/**
 * Exact text comparison, or, when the program declares a tolerance (its
 * floating-point reductions may legitimately round differently in another
 * order), number by number: two numbers match when
 * |a - b| <= tol * max(1, |a|, |b|) (relative for large values, absolute
 * near zero, where cancellation leaves noise of the size of the inputs),
 * and the text between numbers must match up to the amount of blank space
 * (Fortran list-directed output widens a field when a value gains a digit).
 */
export function compareOutputs(serial: string, parallel: string, tolerance?: number): OutputComparison {
  if (serial === parallel) return { equal: true };
  const a = serial.split("\n");
  const b = parallel.split("\n");
  if (tolerance === undefined) return { equal: false, detail: firstDifference(a, b, (x, y) => x === y) };
  if (!(tolerance >= 0)) throw new Error(`tolerance must be a non-negative number, got ${tolerance}`);
  const d = firstDifference(a, b, (x, y) => linesMatch(x, y, tolerance));
  return d === undefined ? { equal: true } : { equal: false, detail: `${d} (tolerance ${tolerance})` };
}

function firstDifference(a: string[], b: string[], same: (x: string, y: string) => boolean): string | undefined {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return `line ${i + 1}: serial output ended, parallel printed ${JSON.stringify(y)}`;
    if (y === undefined) return `line ${i + 1}: parallel output ended, serial printed ${JSON.stringify(x)}`;
    if (!same(x, y)) return `line ${i + 1}: serial ${JSON.stringify(x)}, parallel ${JSON.stringify(y)}`;
  }
  return undefined;
}

function split(line: string): { text: string[]; nums: string[] } {
  const nums = line.match(NUMBER) ?? [];
  const text = line.split(NUMBER).map((t) => t.replace(/\s+/g, " ").trim());
  return { text, nums };
}

function linesMatch(x: string, y: string, tol: number): boolean {
  const p = split(x);
  const q = split(y);
  if (p.nums.length !== q.nums.length || p.text.length !== q.text.length) return false;
  if (p.text.some((t, i) => t !== q.text[i])) return false;
  return p.nums.every((s, i) => numbersMatch(toNumber(s), toNumber(q.nums[i]!), tol));
}

function toNumber(s: string): number {
  const t = s.toLowerCase().replace("d", "e");
  if (/nan/.test(t)) return NaN;
  if (/inf/.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  return Number(t);
}

function numbersMatch(a: number, b: number, tol: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  if (a === b) return true;
  return Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Output and exit status must both match; a crash or timeout never matches. */
export function sameRun(serial: ProcResult, parallel: ProcResult, tolerance?: number): OutputComparison {
  if (parallel.timedOut) return { equal: false, detail: "timed out" };
  if (parallel.outputOverflow) return { equal: false, detail: "printed too much (killed)" };
  if (parallel.status !== serial.status) return { equal: false, detail: `exit status ${parallel.status ?? parallel.signal}, serial ${serial.status ?? serial.signal}; stderr: ${parallel.stderr.slice(0, 300)}` };
  return compareOutputs(serial.stdout, parallel.stdout, tolerance);
}
