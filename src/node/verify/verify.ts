import { cpSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parallelizePaths } from "../../api/parallelize.js";
import type { Options } from "../../api/options.js";
import type { DiagnosticReport } from "../../report/file-report.js";
import { nodeHost, SOURCE_ENCODING } from "../node-host.js";
import { sameRun, type OutputComparison } from "./compare-outputs.js";
import { ompEnv } from "./omp-env.js";
import { runProcess, type ProcResult } from "./process.js";
import { makeWorkspace, shellQuote, writeCompilerWrappers, type Workspace } from "./workspace.js";

/**
 * `doall verify` (issue 19 §1): what a user otherwise does by hand to trust
 * doall's output: copy the program twice, put doall's directives into one
 * copy, build both with the user's own build (the parallel one with OpenMP
 * on), run the serial program once and the parallel one at each thread
 * count, compare the outputs (exactly, or numbers within a tolerance) and
 * time them. It is the end-to-end tests' check (test/e2e; the process and
 * comparison code here is theirs) for the user's own program.
 */
export interface VerifyOptions {
  /** Sources to parallelize, absolute, inside `root`. */
  sources: string[];
  /** The directory copied and built (a Makefile project's top, or the sources' directory). */
  root: string;
  /** Shell command that builds the program in its copy; default: compile the sources into ./doall-verify.exe. */
  build?: string;
  /** Shell command that runs it in its copy; default ./doall-verify.exe. */
  run?: string;
  cc: string;
  fc: string;
  flags: string;
  /** The flag that turns OpenMP on (added by the wrappers, or to the default build). */
  openmp: string;
  threads: number[];
  tolerance?: number;
  /** Output lines left out of the comparison (timings, dates). */
  ignore?: RegExp[];
  timeoutMs: number;
  /** An already parallelized copy of `root` (e.g. doall parallelize -o, edited by hand): used instead of doall's output. */
  parallelTree?: string;
  /** The parallelizer's options (-I, -D, --no-bounds-assumption...). */
  doall: Options;
  keep: boolean;
}

export interface VerifyRow {
  /** null: the serial reference. */
  threads: number | null;
  result: ProcResult;
  comparison: OutputComparison | null;
}

export interface VerifyResult {
  ok: boolean;
  /** Why not, in sentences. */
  problems: string[];
  rows: VerifyRow[];
  /** What parallelizing said (errors, warnings such as the stack one). */
  diagnostics: DiagnosticReport[];
  directives: number;
  files: number;
  /** The workspace, when kept (--keep). */
  workspace: string | null;
}

const EXE = "doall-verify.exe";

export async function verify(o: VerifyOptions): Promise<VerifyResult> {
  const ws = makeWorkspace(o.root);
  const problems: string[] = [];
  const rows: VerifyRow[] = [];
  let diagnostics: DiagnosticReport[] = [];
  let directives = 0;
  const done = (): VerifyResult => {
    if (!o.keep) rmSync(ws.root, { recursive: true, force: true });
    return { ok: problems.length === 0, problems, rows, diagnostics, directives, files: o.sources.length, workspace: o.keep ? ws.root : null };
  };
  const rels = o.sources.map((s) => relative(o.root, s));
  if (o.parallelTree) cpSync(o.parallelTree, ws.parallel, { recursive: true, force: true });
  else {
    const r = parallelizeInto(ws, rels, o);
    diagnostics = r.diagnostics;
    directives = r.directives;
    if (diagnostics.some((d) => d.severity === "error")) problems.push("doall could not read every source (see the errors above): those files were built unchanged");
  }
  // The builds.
  const fortran = rels.some((r) => !/\.c$/i.test(r));
  const compiler = fortran ? o.fc : o.cc;
  const defaultBuild = (openmp: boolean) => [compiler, ...(openmp ? [o.openmp] : []), o.flags, "-o", EXE, ...rels.map(shellQuote), ...(fortran ? [] : ["-lm"])].filter(Boolean).join(" ");
  const serialBuild = o.build ?? defaultBuild(false);
  const parallelBuild = o.build ?? defaultBuild(true);
  const env = { ...process.env };
  const parallelEnv = { ...process.env };
  if (o.build !== undefined) {
    writeCompilerWrappers(ws, o.openmp, [o.cc, o.fc]);
    parallelEnv.PATH = `${ws.wrappers}:${process.env.PATH ?? ""}`;
  }
  for (const [what, dir, cmd, e] of [["serial", ws.serial, serialBuild, env], ["parallel", ws.parallel, parallelBuild, parallelEnv]] as const) {
    const b = await runProcess("sh", ["-c", cmd], { cwd: dir, env: e, timeoutMs: o.timeoutMs });
    if (b.status !== 0) {
      problems.push(`the ${what} build failed${b.timedOut ? " (timed out)" : ""}: ${cmd}\n${tail(b.stderr || b.stdout)}`);
      return done();
    }
  }
  // The runs, one after the other (they are timed).
  const runCmd = o.run ?? `./${EXE}`;
  const serial = await runProcess("sh", ["-c", runCmd], { cwd: ws.serial, env: ompEnv(1), timeoutMs: o.timeoutMs });
  rows.push({ threads: null, result: serial, comparison: null });
  if (serial.status !== 0 || serial.timedOut) {
    problems.push(`the serial program failed (${how(serial)}): verify compares with a serial run that succeeds\n${tail(serial.stderr)}`);
    return done();
  }
  for (const t of o.threads) {
    const r = await runProcess("sh", ["-c", runCmd], { cwd: ws.parallel, env: ompEnv(t), timeoutMs: o.timeoutMs });
    const comparison = sameRun(kept(serial, o.ignore), kept(r, o.ignore), o.tolerance);
    rows.push({ threads: t, result: r, comparison });
    if (comparison.equal) continue;
    if (crashed(r)) problems.push(`with ${t} thread${t > 1 ? "s" : ""} the parallel program crashed (${how(r)}). ${crashCause(diagnostics)}`);
    else problems.push(`with ${t} thread${t > 1 ? "s" : ""} the output differs: ${comparison.detail}`);
  }
  return done();
}

function parallelizeInto(ws: Workspace, rels: string[], o: VerifyOptions): { diagnostics: DiagnosticReport[]; directives: number } {
  // -I directories inside the copied tree are read in the copy.
  const includeDirs = (o.doall.includeDirs ?? []).map((d) => {
    const rel = relative(o.root, d);
    return rel.startsWith("..") ? d : join(ws.parallel, rel);
  });
  const r = parallelizePaths(rels, nodeHost(ws.parallel), { ...o.doall, includeDirs });
  for (const f of r.files) writeFileSync(join(ws.parallel, f.path), f.text, SOURCE_ENCODING);
  const diagnostics = r.report.files.flatMap((f) => f.diagnostics.map((d) => ({ ...d, file: d.file === null ? f.file : d.file })));
  return { diagnostics, directives: r.report.files.reduce((n, f) => n + f.loops.filter((l) => l.emitted).length, 0) };
}

/** The run with the output lines the user asked to ignore left out. */
function kept(r: ProcResult, ignore: RegExp[] | undefined): ProcResult {
  if (!ignore?.length) return r;
  return { ...r, stdout: r.stdout.split("\n").filter((l) => !ignore.some((x) => x.test(l))).join("\n") };
}

/** A signal, or a shell's 128 + signal for a child it ran. */
function crashed(r: ProcResult): boolean {
  return r.signal !== null || (r.status !== null && r.status > 128 && r.status < 160);
}

function how(r: ProcResult): string {
  if (r.timedOut) return "timed out";
  if (r.signal === "SIGSEGV" || r.status === 139) return "segmentation fault";
  if (r.signal) return `signal ${r.signal}`;
  return `exit status ${r.status}`;
}

/** The likely cause of a crash of the parallel build only. */
function crashCause(diags: DiagnosticReport[]): string {
  const stack = diags.filter((d) => d.id === "stack-arrays");
  if (stack.length) return `Likely cause: the stack. ${stack.map((d) => d.message).join("; ")}.`;
  return "Likely cause: the stack (-fopenmp puts Fortran local arrays on it, and each thread has a smaller one of its own): try `ulimit -s unlimited` and OMP_STACKSIZE=512M; if it still crashes, a directive is wrong: please report it with the program.";
}

function tail(s: string, lines = 15): string {
  return s.trimEnd().split("\n").slice(-lines).join("\n");
}

/** The table `doall verify` prints: threads, time, speedup over the serial run, same output. */
export function verifyTable(rows: VerifyRow[]): string {
  const serial = rows.find((r) => r.threads === null);
  const cells = [["threads", "time", "speedup", "same output"]];
  for (const r of rows) {
    const secs = `${(r.result.ms / 1000).toFixed(3)} s`;
    const speed = r.threads === null || !serial ? "-" : `${(serial.result.ms / Math.max(1, r.result.ms)).toFixed(2)}x`;
    const same = r.comparison === null ? "(reference)" : r.comparison.equal ? "yes" : `NO: ${r.comparison.detail}`;
    cells.push([r.threads === null ? "serial" : String(r.threads), secs, speed, same]);
  }
  const w = [0, 1, 2].map((i) => Math.max(...cells.map((c) => c[i]!.length)));
  return cells.map((c) => `${c[0]!.padEnd(w[0]!)}  ${c[1]!.padStart(w[1]!)}  ${c[2]!.padStart(w[2]!)}  ${c[3]}`).join("\n") + "\n";
}
