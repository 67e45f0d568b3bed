#!/usr/bin/env node
// Recall of the experts' loop directives on a C suite: for each program
// directory present in both trees (SER: the serial sources doall reads;
// OMP: the experts' OpenMP version), the loops that the OMP version puts
// under `#pragma omp for` / `#pragma omp parallel for` are matched to the
// serial loops by file, procedure and order within the procedure, and a
// loop counts as recalled when doall's report says `parallel: true` (or
// parallel under a run-time check with --runtime).
// Usage: npm run build && node scripts/recall-c.js SER_DIR OMP_DIR [--only BT,CG] [--misses FILE.json] [--runtime]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const pos = [];
let only = null, missesOut = null, runtime = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--only") only = new Set(args[++i].split(","));
  else if (args[i] === "--misses") missesOut = args[++i];
  else if (args[i] === "--runtime") runtime = true;
  else pos.push(args[i]);
}
const [ser, omp] = pos;
if (!ser || !omp) {
  console.error("usage: node scripts/recall-c.js SER_DIR OMP_DIR [--only A,B] [--misses FILE.json] [--runtime]");
  process.exit(2);
}
// DOALL=path/to/bin/doall.js measures another build (a "before").
const doall = process.env.DOALL ?? join(root, "bin/doall.js");

function report(cmd, files, common) {
  const dir = mkdtempSync(join(tmpdir(), "recall-"));
  const out = join(dir, "r.json");
  const extra = cmd === "parallelize" ? ["-o", join(dir, "out"), "--report", out] : ["--json"];
  const r = spawnSync("node", [doall, cmd, ...files, "-I", common, ...extra], { encoding: "utf8", maxBuffer: 1 << 28 });
  const text = cmd === "parallelize" ? (existsSync(out) ? readFileSync(out, "utf8") : "") : r.stdout;
  if (!text) throw new Error(`doall ${cmd} failed: ${r.stderr}`);
  return { json: JSON.parse(text), dir };
}

/** Lines of `for` loops right after an omp for / parallel for pragma (continuation lines joined). */
function expertLines(path) {
  const lines = readFileSync(path, "utf8").split("\n");
  const out = new Set();
  for (let i = 0; i < lines.length; i++) {
    let l = lines[i];
    let j = i;
    while (l.trimEnd().endsWith("\\") && j + 1 < lines.length) l = l.trimEnd().slice(0, -1) + " " + lines[++j];
    if (!/^\s*#\s*pragma\s+omp\b/.test(l) || !/\bfor\b/.test(l) || /\bsections?\b|\bsingle\b/.test(l)) continue;
    const m = /^\s*#\s*pragma\s+omp\s+(parallel\s+)?for\b/.exec(l);
    if (!m) continue;
    for (let k = j + 1; k < lines.length; k++) {
      const t = lines[k].trim();
      if (t === "" || t.startsWith("//") || t.startsWith("/*") || t.startsWith("#")) continue;
      if (/^for\b/.test(t)) out.add(k + 1);
      break;
    }
  }
  return out;
}

const byProc = (loops) => {
  const m = new Map();
  for (const l of loops) {
    const k = `${l.procedure}`;
    if (!m.has(k)) m.set(k, []);
    m.get(k).push(l);
  }
  for (const v of m.values()) v.sort((a, b) => a.line - b.line);
  return m;
};

const sourceLines = new Map();
/** The index a `for (i = ...` header names, for a loop doall did not count (its report has no index). */
function indexFromSource(l) {
  if (!sourceLines.has(l.file)) sourceLines.set(l.file, readFileSync(l.file, "utf8").split("\n"));
  const m = /\bfor\s*\(\s*(?:int\s+)?(\w+)/.exec(sourceLines.get(l.file)[l.line - 1] ?? "");
  return m ? m[1] : null;
}

/** Loops of one procedure in both versions aligned in order by their headers (longest common subsequence). */
function align(a, b) {
  // Bounds are often spelled differently (nz2+1 vs grid_points[2]-1): the index and depth decide.
  const key = (l) => [l.index ?? indexFromSource(l), l.depth].join("|");
  const n = a.length, m = b.length;
  const L = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) L[i][j] = key(a[i]) === key(b[j]) ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
  const out = new Array(n).fill(null);
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (key(a[i]) === key(b[j])) out[i++] = b[j++];
    else if (L[i + 1][j] >= L[i][j + 1]) i++;
    else j++;
  }
  return out;
}

const progs = readdirSync(ser, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).filter((d) => existsSync(join(omp, d)) && d !== "common" && d !== "sys" && d !== "config" && (!only || only.has(d))).sort();
const misses = [];
let T = 0, R = 0, U = 0;
console.log("program  expert  recalled  runtime  unmatched  recall");
for (const p of progs) {
  const cfiles = (d) => readdirSync(join(d, p)).filter((f) => f.endsWith(".c")).sort();
  const sfiles = cfiles(ser);
  if (sfiles.length === 0) continue;
  // The common C files the program's Makefile links (timers, random numbers, wtime.c) are part of it: calls
  // into them use their summaries. Only those: common/ also holds alternatives (wtime_sgi64.c defines wtime_
  // again), and a name defined twice has no summary.
  const common = commonFiles(ser, p);
  const sRep = report("parallelize", [...sfiles.map((f) => join(ser, p, f)), ...common], join(ser, "common")).json;
  const oRep = report("parallelize", cfiles(omp).map((f) => join(omp, p, f)), join(omp, "common")).json;
  let t = 0, r = 0, rt = 0, u = 0;
  for (const of of oRep.files) {
    const name = of.file.split("/").pop();
    // A procedure is looked for in the serial file of the same name, else in any file of the program.
    const sf = sRep.files.find((f) => f.file.split("/").pop() === name);
    const want = expertLines(of.file);
    for (const f of [of, ...sRep.files]) for (const l of f.loops) l.file ??= f.file;
    const oProcs = byProc(of.loops);
    const sProcs = sf ? byProc(sf.loops) : new Map();
    for (const [proc, ls] of byProc(sRep.files.flatMap((f) => f.loops))) if (!sProcs.has(proc)) sProcs.set(proc, ls);
    for (const [proc, ls] of oProcs) {
      const match = align(ls, sProcs.get(proc) ?? []);
      ls.forEach((l, k) => {
        if (!want.has(l.line)) return;
        t++;
        const s = match[k];
        if (!s) {
          u++;
          misses.push({ program: p, file: name, procedure: proc, ompLine: l.line, reason: "unmatched" });
          return;
        }
        if (s.parallel) r++;
        else if (s.runtimeCheck) {
          rt++;
          if (runtime) r++;
        }
        if (!s.parallel && !(runtime && s.runtimeCheck))
          misses.push({ program: p, file: name, procedure: proc, line: s.line, runtimeCheck: s.runtimeCheck ?? null, reasons: (s.reasons ?? []).map((x) => x.message ?? x.kind) });
      });
    }
  }
  T += t; R += r; U += u;
  console.log(`${p.padEnd(8)} ${String(t).padStart(6)}  ${String(r).padStart(8)}  ${String(rt).padStart(7)}  ${String(u).padStart(9)}  ${t ? ((100 * r) / t).toFixed(1) : "-"} %`);
}
console.log(`${"total".padEnd(8)} ${String(T).padStart(6)}  ${String(R).padStart(8)}  ${"".padStart(7)}  ${String(U).padStart(9)}  ${T ? ((100 * R) / T).toFixed(1) : "-"} %`);
if (missesOut) writeFileSync(missesOut, JSON.stringify(misses, null, 1));

/** The common/*.c files a program's Makefile links (`${COMMON}/name.o`; `${RAND}` is randdp); all of them when there is no Makefile. */
function commonFiles(suite, prog) {
  const dir = join(suite, "common");
  if (!existsSync(dir)) return [];
  const all = readdirSync(dir).filter((f) => f.endsWith(".c"));
  const mk = join(suite, prog, "Makefile");
  if (!existsSync(mk)) return all.map((f) => join(dir, f));
  const names = [...readFileSync(mk, "utf8").matchAll(/\$\{COMMON\}\/([\w${}]+)\.o/g)].map((m) => m[1].replace("${RAND}", "randdp") + ".c");
  return names.filter((f) => all.includes(f)).map((f) => join(dir, f));
}
