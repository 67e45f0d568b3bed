import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { Limiter } from "./limiter.js";
import { ompEnv } from "../../../src/node/verify/omp-env.js";
import { runProcess, type ProcResult } from "../../../src/node/verify/process.js";

export type Lang = "fortran" | "c";

/** One file of a program: a name without directories, and its text. */
export interface SourceFile {
  name: string;
  text: string;
}

export type CompileResult =
  | { ok: true; exe: string; command: string; stderr: string }
  | { ok: false; command: string; stderr: string; timedOut: boolean };

export interface CompileOptions {
  /** -fopenmp (both the serial reference and the transformed program use it). */
  openmp: boolean;
  /** Optimization flag (default -O1: the suite compiles many programs; the overhead benchmark asks for more). */
  opt?: string;
  timeoutMs?: number;
}

export interface RunOptions {
  threads: number;
  timeoutMs?: number;
}

const COMPILERS: Record<Lang, { cmd: string; pkg: string }> = {
  fortran: { cmd: "gfortran", pkg: "gfortran" },
  c: { cmd: "gcc", pkg: "gcc" },
};

/** Files the compiler is given; everything else (headers, include files) is only written next to them. */
const COMPILED = /\.(f|for|f77|ftn|f90|f95|f03|f08|c)$/i;

/**
 * Every compiler and program of one test run goes through this limiter:
 * a couple at a time even on a 2-core machine (compilers wait on disk),
 * never so many that a 4-thread run starves.
 */
const limiter = new Limiter(Math.max(2, Math.min(4, availableParallelism())));

let root: string | undefined;
function tempRoot(): string {
  if (!root) {
    const dir = mkdtempSync(join(tmpdir(), "doall-e2e-"));
    root = dir;
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return root;
}

const versions = new Map<Lang, Promise<void>>();

/**
 * Fails with the command to install a missing compiler. The e2e tests never
 * skip silently: a CI image without gfortran must be fixed, not ignored.
 */
export function requireCompiler(lang: Lang): Promise<void> {
  let p = versions.get(lang);
  if (!p) {
    const { cmd, pkg } = COMPILERS[lang];
    const missing = () => new Error(`${cmd} not found on PATH: the end-to-end tests compile ${lang === "c" ? "C" : "Fortran"} programs with OpenMP. Install it with \`apt-get install -y ${pkg}\` (CI's .ci/run does).`);
    p = runProcess(cmd, ["--version"], { timeoutMs: 30_000 }).then(
      (r) => {
        if (r.status !== 0) throw missing();
      },
      () => {
        throw missing();
      },
    );
    versions.set(lang, p);
  }
  return p;
}

const compiled = new Map<string, Promise<CompileResult>>();

/**
 * Compiles a program in a fresh directory under the run's temp root (headers
 * written alongside, Fortran .mod files land there too). gfortran/gcc -O1,
 * -fopenmp on request, -lm for C. Results are cached for the whole run by
 * the files' contents, so the serial reference of a program is built once
 * however many tests compare against it.
 */
export function compile(lang: Lang, files: SourceFile[], opts: CompileOptions): Promise<CompileResult> {
  const key = createHash("sha256").update(JSON.stringify([lang, opts.openmp, opts.opt ?? "-O1", files])).digest("hex");
  let p = compiled.get(key);
  if (!p) {
    p = doCompile(key, lang, files, opts);
    compiled.set(key, p);
  }
  return p;
}

async function doCompile(key: string, lang: Lang, files: SourceFile[], opts: CompileOptions): Promise<CompileResult> {
  await requireCompiler(lang);
  const dir = join(tempRoot(), key.slice(0, 16));
  mkdirSync(dir, { recursive: true });
  for (const f of files) {
    if (f.name.includes("/") || f.name.includes("\\")) throw new Error(`source file names must not contain directories: ${f.name}`);
    writeFileSync(join(dir, f.name), f.text);
  }
  const sources = files.filter((f) => COMPILED.test(f.name)).map((f) => f.name);
  if (sources.length === 0) throw new Error(`no compilable source among ${files.map((f) => f.name).join(", ")}`);
  const args = [opts.opt ?? "-O1", ...(opts.openmp ? ["-fopenmp"] : []), "-o", "prog", ...sources, ...(lang === "c" ? ["-lm"] : [])];
  const command = `${COMPILERS[lang].cmd} ${args.join(" ")}`;
  const r = await limiter.run(() => runProcess(COMPILERS[lang].cmd, args, { cwd: dir, timeoutMs: opts.timeoutMs ?? 120_000 }));
  if (r.status !== 0) return { ok: false, command, stderr: r.stderr || r.stdout, timedOut: r.timedOut };
  return { ok: true, exe: join(dir, "prog"), command, stderr: r.stderr };
}

/**
 * Runs a compiled program with OMP_NUM_THREADS threads. Passive waiting
 * keeps idle OpenMP threads from spinning on an oversubscribed CI machine;
 * any other OMP_/GOMP_ variable of the caller's environment is dropped so
 * that it cannot change schedules or thread counts behind the test's back.
 */
export function run(exe: string, opts: RunOptions): Promise<ProcResult> {
  const env = ompEnv(opts.threads);
  return limiter.run(() => runProcess(exe, [], { env, timeoutMs: opts.timeoutMs ?? 30_000 }));
}

export type CompileAndRunResult = ProcResult & { compile: CompileResult };

/** compile then run; a compile failure comes back as status null with the compiler's messages in stderr. */
export async function compileAndRun(lang: Lang, files: SourceFile[], opts: RunOptions & { openmp?: boolean }): Promise<CompileAndRunResult> {
  const c = await compile(lang, files, { openmp: opts.openmp ?? true });
  if (!c.ok) return { compile: c, status: null, signal: null, stdout: "", stderr: c.stderr, timedOut: c.timedOut, outputOverflow: false, ms: 0 };
  return { compile: c, ...(await run(c.exe, opts)) };
}
