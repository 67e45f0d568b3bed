// Overhead benchmark (issue 17): does a directive of doall ever make a
// program slower than serial? Every e2e program is parallelized as
// `doall parallelize` does it (parallelizeFile), compiled serial (-fopenmp,
// no directive: the two builds differ only by the directives) and parallel,
// at -O2 (what users build with; `--opt -O1` gives the e2e suite's flag,
// under which a region in a procedure can slow its other loops: gcc keeps
// fewer values in registers), and each build is timed at OMP_NUM_THREADS=1
// and 2 with OMP_WAIT_POLICY=passive (what the profitability model
// assumes): RUNS runs of each, serial and parallel interleaved so that a
// change of the machine's load hits both alike, the median kept.
//
// The first parallel region of a run starts libgomp (about 0.1 ms here),
// whatever the directive: a fixed cost per run, not per region. It is
// measured the same way (a program with one empty region against one
// without) and printed; `net@1` is the 1-thread CPU ratio once that cost is
// taken out, with a 90 % interval from the interleaved pairs of runs
// (netInterval); a program is marked when that whole interval exceeds the
// bound, and said to be within noise when only its top does. The
// e2e programs run for 1 to 30 ms, where that start alone is 0.3 to 10 %.
// Asserts nothing (timings are never test assertions). Run it on an
// otherwise idle machine.
//
// Usage: npm run bench:overhead -- [SUBSTRING...] [--runs N] [--opt -O1|-O2|-O3]
//   SUBSTRING keeps the programs whose name contains one (e.g. c18 blur).
//   RUNS (default 7) runs of each build and thread count; a program that runs under 40 ms gets
//   more, up to 8 x RUNS, for about 200 ms of each.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ensureCParser } from "../src/node/c-parser-node.js";
import { nodeHost } from "../src/node/node-host.js";
import { parallelizeFile } from "../src/driver/parallelize-file.js";
import { loadCorpus, programFiles, type E2EProgram } from "../test/e2e/lib/corpus.js";
import { compile } from "../test/e2e/lib/toolchain.js";

const args = process.argv.slice(2);
const filters: string[] = [];
let runs = 7;
let opt = "-O2";
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--runs") runs = Math.max(1, Number(args[++i]));
  else if (args[i] === "--opt") opt = args[++i] ?? opt;
  else filters.push(args[i]!);
}
const THREADS = [1, 2];
/** The bound: at one thread no program may be slower than serial by more than this. */
const LIMIT = 1.1;

await ensureCParser();
const corpus = loadCorpus().filter((p) => filters.length === 0 || filters.some((f) => p.name.includes(f)));
const host = nodeHost(process.cwd());

/**
 * A tiny runner that reports a child's wall and CPU time (user + system,
 * from wait4) in microseconds: on a machine shared with other work the
 * CPU time of a one-thread run is what stays comparable; wall time is
 * what a two-thread run is for. The child's stack may grow as far as the
 * hard limit allows: the serial build is compiled with -fopenmp, which
 * puts a main program's arrays on the stack (f63's 24 MB crash there);
 * doall's output declares them SAVE (main-program-saves.ts), and the e2e
 * test checks that it runs. This benchmark compares times, not crashes.
 */
const RUNNER = `#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv) {
  struct timespec a, b; struct rusage ru; int st;
  clock_gettime(CLOCK_MONOTONIC, &a);
  pid_t pid = fork();
  if (pid == 0) {
    struct rlimit r;
    if (getrlimit(RLIMIT_STACK, &r) == 0) { r.rlim_cur = r.rlim_max; setrlimit(RLIMIT_STACK, &r); }
    execv(argv[1], argv + 1); _exit(127);
  }
  if (pid < 0 || wait4(pid, &st, 0, &ru) < 0) return 2;
  clock_gettime(CLOCK_MONOTONIC, &b);
  long wall = (b.tv_sec - a.tv_sec) * 1000000L + (b.tv_nsec - a.tv_nsec) / 1000;
  long cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000L + ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
  fprintf(stderr, "%ld %ld\\n", wall, cpu);
  return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}
`;
const runnerDir = mkdtempSync(join(tmpdir(), "doall-overhead-"));
process.on("exit", () => rmSync(runnerDir, { recursive: true, force: true }));
writeFileSync(join(runnerDir, "runner.c"), RUNNER);
const built = spawnSync("gcc", ["-O1", "-o", join(runnerDir, "runner"), join(runnerDir, "runner.c")], { encoding: "utf8" });
if (built.status !== 0) {
  console.error(`cannot build the timing runner: ${built.stderr || built.error}`);
  process.exit(2);
}

interface Sample {
  wall: number;
  cpu: number;
}

/** Wall and CPU time of one run in ms, or null when the program failed. */
function timeRun(exe: string, threads: number): Sample | null {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(OMP_|GOMP_|KMP_)/.test(k)) env[k] = v;
  env.OMP_NUM_THREADS = String(threads);
  env.OMP_WAIT_POLICY = "passive";
  const r = spawnSync(join(runnerDir, "runner"), [exe], { env, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", timeout: 120_000 });
  const m = /(\d+) (\d+)\s*$/.exec(r.stderr ?? "");
  return r.status === 0 && m ? { wall: Number(m[1]) / 1000, cpu: Number(m[2]) / 1000 } : null;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Row {
  name: string;
  directives: number;
  /** Per thread count: medians. */
  serial: Sample[];
  parallel: Sample[];
  /** The one-thread CPU times of the interleaved runs, serial and parallel, in the order they ran (pairs). */
  cpu1: { serial: number[]; parallel: number[] };
  note: string;
}

/**
 * A 90 % interval of net@1 by the bootstrap over the interleaved pairs of
 * one-thread runs (each resample draws pairs, so a change of the
 * machine's load that hit both runs of a pair stays paired). Why: at 1 to
 * 5 ms a run is mostly process start-up, page faults and the VM's
 * scheduling; 100 runs of one unchanged binary measured 2.1 ms in one
 * batch and 2.9 ms in another (perf stat, c32), so a median ratio of 1.13
 * can be noise. A program is marked slower than serial only when the whole
 * interval lies above the bound. Deterministic (a fixed seed).
 */
function netInterval(serial: number[], parallel: number[], start: number): [number, number] {
  let seed = 20261127;
  const rand = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const n = serial.length;
  const ratios: number[] = [];
  for (let b = 0; b < 1000; b++) {
    const ss: number[] = [];
    const ps: number[] = [];
    for (let k = 0; k < n; k++) {
      const i = Math.floor(rand() * n);
      ss.push(serial[i]!);
      ps.push(parallel[i]!);
    }
    ratios.push((median(ps) - start) / median(ss));
  }
  ratios.sort((a, b) => a - b);
  return [ratios[50]!, ratios[949]!];
}

async function measure(p: E2EProgram): Promise<Row> {
  const row: Row = { name: p.name, directives: 0, serial: [], parallel: [], cpu1: { serial: [], parallel: [] }, note: "" };
  const r = parallelizeFile(p.path, host, { includeDirs: [dirname(p.path)] });
  if (r.failed || r.output === null) return { ...row, note: "doall failed: " + r.messages.join("; ") };
  row.directives = r.report.loops.filter((l) => l.emitted).length;
  const [s, q] = await Promise.all([compile(p.lang, programFiles(p), { openmp: true, opt }), compile(p.lang, programFiles(p, r.output), { openmp: true, opt })]);
  if (!s.ok || !q.ok) return { ...row, note: "compile failed: " + (!s.ok ? s.stderr : !q.ok ? q.stderr : "") };
  for (const t of THREADS) {
    const ss: Sample[] = [];
    const ps: Sample[] = [];
    // Short programs get more runs (up to 8x RUNS, about 200 ms of each build): one run of 1-2 ms is
    // mostly process start-up and scheduling noise.
    const first = timeRun(s.exe, t);
    const n = first ? Math.min(8 * runs, Math.max(runs, Math.ceil(200 / Math.max(first.cpu, 0.5)))) : runs;
    for (let k = 0; k < n; k++) {
      const a = timeRun(s.exe, t);
      const b = timeRun(q.exe, t);
      if (a === null || b === null) return { ...row, note: `a run failed at ${t} thread${t > 1 ? "s" : ""}` };
      ss.push(a);
      ps.push(b);
    }
    if (t === 1) row.cpu1 = { serial: ss.map((x) => x.cpu), parallel: ps.map((x) => x.cpu) };
    row.serial.push({ wall: median(ss.map((x) => x.wall)), cpu: median(ss.map((x) => x.cpu)) });
    row.parallel.push({ wall: median(ps.map((x) => x.wall)), cpu: median(ps.map((x) => x.cpu)) });
  }
  return row;
}

/**
 * What starting the OpenMP runtime costs a run, in CPU ms at one thread:
 * a program with one empty region against the same without it (medians of
 * 3 x RUNS interleaved runs). Paid once per run by any program with a
 * directive, however cheap its regions.
 */
async function runtimeStart(): Promise<number> {
  const text = (region: boolean) => `int main(void) {\n  volatile int x = 0;\n${region ? "#pragma omp parallel\n" : ""}  x++;\n  return x - 1;\n}\n`;
  const [s, q] = await Promise.all([compile("c", [{ name: "none.c", text: text(false) }], { openmp: true, opt }), compile("c", [{ name: "one.c", text: text(true) }], { openmp: true, opt })]);
  if (!s.ok || !q.ok) return 0;
  const ss: number[] = [];
  const ps: number[] = [];
  for (let k = 0; k < 3 * runs; k++) {
    const a = timeRun(s.exe, 1);
    const b = timeRun(q.exe, 1);
    if (a && b) {
      ss.push(a.cpu);
      ps.push(b.cpu);
    }
  }
  return ss.length ? Math.max(0, median(ps) - median(ss)) : 0;
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : " ".repeat(n - s.length) + s);
const w = Math.max(7, ...corpus.map((p) => p.name.length));
const cols = ["dirs", "serial@1", "par@1", "cpu@1", "net@1", "net@1 90%", "wall@1", "serial@2", "par@2", "wall@2"];
const start = await runtimeStart();
console.log(`# ${corpus.length} programs; median of ${runs} runs each; ms of wall time; cpu@1 and wall@1/@2 are parallel/serial ratios (cpu: user + system time)`);
console.log(`# OMP_WAIT_POLICY=passive, ${opt} -fopenmp for both builds; starting the OpenMP runtime costs ${start.toFixed(2)} ms of CPU per run (one empty region vs none)`);
console.log(`# net@1: the cpu@1 ratio without that start, with its 90 % interval (bootstrap over the interleaved pairs of runs)`);
console.log(`# a program is marked slower than serial when its whole interval lies above ${LIMIT}; within noise when only part of it does`);
const head = [pad("program", w), ...cols.map((c) => lpad(c, 9))].join(" ");
console.log(head);
console.log("-".repeat(head.length));
let worst: { name: string; ratio: number } | null = null;
let worstRaw: { name: string; ratio: number } | null = null;
const over: string[] = [];
const noisy: string[] = [];
for (const p of corpus) {
  const row = await measure(p);
  if (row.note) {
    console.log(`${pad(row.name, w)} ${row.note.split("\n")[0]}`);
    continue;
  }
  const [s1, s2] = row.serial as [Sample, Sample];
  const [p1, p2] = row.parallel as [Sample, Sample];
  const cpu1 = p1.cpu / s1.cpu;
  // A program without a directive never starts the runtime.
  const net1 = (p1.cpu - (row.directives > 0 ? start : 0)) / s1.cpu;
  if (!worst || net1 > worst.ratio) worst = { name: row.name, ratio: net1 };
  if (!worstRaw || cpu1 > worstRaw.ratio) worstRaw = { name: row.name, ratio: cpu1 };
  const [lo, hi] = netInterval(row.cpu1.serial, row.cpu1.parallel, row.directives > 0 ? start : 0);
  if (lo > LIMIT) over.push(row.name);
  else if (hi > LIMIT) noisy.push(row.name);
  const cells = [String(row.directives), s1.wall.toFixed(1), p1.wall.toFixed(1), cpu1.toFixed(2), net1.toFixed(2), `${lo.toFixed(2)}-${hi.toFixed(2)}`, (p1.wall / s1.wall).toFixed(2), s2.wall.toFixed(1), p2.wall.toFixed(1), (p2.wall / s2.wall).toFixed(2)];
  const mark = lo > LIMIT ? "  <- slower than serial at 1 thread" : hi > LIMIT ? "  (within noise of the bound)" : "";
  console.log([pad(row.name, w), ...cells.map((c) => lpad(c, 9))].join(" ") + mark);
}
if (worst && worstRaw) console.log(`\nworst net@1: ${worst.ratio.toFixed(2)} (${worst.name}); worst cpu@1: ${worstRaw.ratio.toFixed(2)} (${worstRaw.name}); slower than serial beyond noise (90 % interval above ${LIMIT}): ${over.length ? over.join(", ") : "none"}; within noise of ${LIMIT}: ${noisy.length ? noisy.join(", ") : "none"}`);
