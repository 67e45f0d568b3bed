#!/usr/bin/env node
// Recall of the experts' loop directives, measured on the experts' own
// sources (issues 14 and 15): each program of an OpenMP suite (NPB3.3-OMP,
// NPB3.3-OMP-C) is copied with its OpenMP lines blanked (directives, and
// Fortran's `!$` conditional lines: what a compiler without OpenMP reads),
// so every line keeps its number; doall parallelizes the copy (all files of
// a program in one run, with the suite's common/ for includes); a loop the
// experts put a worksharing directive on (`!$omp do`, `!$omp parallel do`,
// `#pragma omp for`, `#pragma omp parallel for`) counts as recalled when
// doall's report calls it parallel, or, with --emitted, when doall writes a
// directive on it or on a loop around it. The copies are the experts' code,
// so no loop has to be matched between two versions of a program (which
// scripts/recall-c.js does for a serial suite against its OpenMP one). An
// expert loop where no loop of the program as built starts (the
// preprocessor left it out: NPB IS's `#else` branches of its own
// `#define USE_BUCKETS`) is listed apart, and the totals are printed both
// without it and counting it as missed.
//
// Usage: npm run build && node scripts/recall-stripped.js OMP_DIR [--emitted] [--only BT,CG] [--exclude REGEX] [--misses FILE.json]
//   --exclude leaves out the sources whose names match (NPB 3.3.1's `_vec` variants, which a build links instead of the others).
// DOALL=path/to/bin/doall.js measures another build.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const pos = [];
let only = null;
let missesOut = null;
let emitted = false;
let exclude = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--only") only = new Set(args[++i].split(","));
  else if (args[i] === "--misses") missesOut = args[++i];
  else if (args[i] === "--emitted") emitted = true;
  else if (args[i] === "--exclude") exclude = new RegExp(args[++i]);
  else pos.push(args[i]);
}
const [suite] = pos;
if (!suite || !existsSync(suite)) {
  console.error("usage: node scripts/recall-stripped.js OMP_DIR [--emitted] [--only A,B] [--exclude REGEX] [--misses FILE.json]");
  process.exit(2);
}
const doall = process.env.DOALL ?? join(root, "bin/doall.js");
const FORTRAN = new Set([".f", ".for", ".f77", ".f90", ".F", ".F90", ".h"]);

/** Fortran: a directive (`!$omp`, `c$omp`, `*$omp`, any case, with its `&` continuations) or a `!$ ` conditional line. */
const fortranOmp = (l) => /^[!cC*]\$(omp|\s|&)/i.test(l) || /^\s+!\$(omp|\s|&)/i.test(l);

/**
 * The file's lines with its OpenMP lines blank, and the lines of the loops
 * the experts' worksharing directives stand on (1-based).
 */
function strip(text, fortran) {
  const lines = text.split("\n");
  const expert = new Set();
  for (let i = 0; i < lines.length; i++) {
    if (fortran) {
      if (!fortranOmp(lines[i])) continue;
      const d = lines[i].replace(/^\s*[!cC*]\$omp\s*/i, "").toLowerCase();
      lines[i] = "";
      if (!/^(parallel\s+)?do\b/.test(d) || /^end\b/.test(d)) continue;
      // The loop: the next line that is neither a directive continuation, a comment nor blank.
      for (let k = i + 1; k < lines.length; k++) {
        const t = lines[k];
        if (fortranOmp(t)) continue;
        if (t.trim() === "" || /^[cC*!]/.test(t) || t.trim().startsWith("!")) continue;
        if (/^\s*(\d+\s+)?(\w+\s*:\s*)?do\b/i.test(t)) expert.add(k + 1);
        break;
      }
    } else {
      if (!/^\s*#\s*pragma\s+omp\b/.test(lines[i])) continue;
      let d = lines[i];
      let j = i;
      lines[i] = "";
      while (d.trimEnd().endsWith("\\") && j + 1 < lines.length) {
        d = d.trimEnd().slice(0, -1) + " " + lines[++j];
        lines[j] = "";
      }
      if (!/^\s*#\s*pragma\s+omp\s+(parallel\s+)?for\b/.test(d)) continue;
      for (let k = j + 1; k < lines.length; k++) {
        const t = lines[k].trim();
        if (t === "" || t.startsWith("//") || t.startsWith("/*") || t.startsWith("#")) continue;
        if (/^for\b/.test(t)) expert.add(k + 1);
        break;
      }
    }
  }
  return { text: lines.join("\n"), expert };
}

const progs = readdirSync(suite, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !["common", "sys", "config", "bin"].includes(e.name) && (!only || only.has(e.name)))
  .map((e) => e.name)
  .sort();
const misses = [];
let T = 0;
const unbuilt = [];
let R = 0;
let C = 0;
console.log(`program  expert  recalled  recall   with a run-time check   (${emitted ? "a directive written on the loop or around it" : "the report says parallel"})`);
for (const p of progs) {
  const work = mkdtempSync(join(tmpdir(), "recall-"));
  try {
    const copy = join(work, "suite");
    cpSync(suite, copy, { recursive: true, dereference: true, filter: (src) => !src.includes("/bin/") });
    const dir = join(copy, p);
    const sources = readdirSync(dir).filter((f) => (FORTRAN.has(extname(f)) || f.endsWith(".c") || f.endsWith(".h")) && !(exclude && !f.endsWith(".h") && exclude.test(f)));
    const expertOf = new Map();
    for (const f of sources) {
      const path = join(dir, f);
      const { text, expert } = strip(readFileSync(path, "utf8"), !f.endsWith(".c") && !(f.endsWith(".h") && existsSync(join(dir, f.replace(/\.h$/, ".c")))));
      writeFileSync(path, text);
      if (expert.size) expertOf.set(f, expert);
    }
    for (const f of readdirSync(join(copy, "common"))) {
      const path = join(copy, "common", f);
      if (FORTRAN.has(extname(f)) || f.endsWith(".c")) writeFileSync(path, strip(readFileSync(path, "utf8"), !f.endsWith(".c")).text);
    }
    // The common/ files the program's Makefile links (timers, random numbers): calls into them use their summaries.
    const inputs = [...sources.filter((f) => !f.endsWith(".h")).map((f) => join(dir, f)), ...linkedCommon(copy, p)];
    if (inputs.length === 0) continue;
    const out = join(work, "report.json");
    const r = spawnSync("node", [doall, "parallelize", ...inputs, "-I", join(copy, "common"), "-I", dir, "-o", join(work, "out"), "--report", out], { encoding: "utf8", maxBuffer: 1 << 28 });
    if (!existsSync(out)) throw new Error(`doall failed on ${p}: ${r.stderr}`);
    const report = JSON.parse(readFileSync(out, "utf8"));
    let t = 0;
    let got = 0;
    let checked = 0;
    for (const file of report.files) {
      const name = file.file.split("/").pop();
      const want = expertOf.get(name);
      if (!want) continue;
      const byLine = new Map(file.loops.map((l) => [l.line, l]));
      const around = (l) => {
        for (let x = l; x; x = x.parent === null || x.parent === undefined ? null : file.loops.find((y) => y.line === x.parent)) if (x.emitted) return true;
        return false;
      };
      for (const line of want) {
        const l = byLine.get(line);
        // No loop of the program as built starts there: the preprocessor left it out (NPB IS's
        // `#else` branches of `#ifdef USE_BUCKETS`, which is.c defines). Not counted; listed.
        if (!l) {
          unbuilt.push(`${p}/${name}:${line}`);
          continue;
        }
        t++;
        const ok = !!l && (emitted ? around(l) : l.parallel);
        if (ok) got++;
        // Parallel under a run-time check (an overlap, a flag, a size): the directive's if() decides.
        if (ok || (l && !emitted && l.runtimeCheck)) checked++;
        else misses.push({ program: p, file: name, line, procedure: l?.procedure ?? null, parallel: l?.parallel ?? null, reasons: (l?.reasons ?? []).map((x) => x.message ?? x.kind) });
      }
    }
    T += t;
    R += got;
    C += checked;
    const pct = (n) => (t ? ((100 * n) / t).toFixed(1).padStart(5) : "    -");
    console.log(`${p.padEnd(8)} ${String(t).padStart(6)}  ${String(got).padStart(8)}  ${pct(got)} %  ${String(checked).padStart(6)} ${pct(checked)} %`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
const all = (n) => (T ? ((100 * n) / T).toFixed(1).padStart(5) : "    -");
console.log(`${"total".padEnd(8)} ${String(T).padStart(6)}  ${String(R).padStart(8)}  ${all(R)} %  ${String(C).padStart(6)} ${all(C)} %`);
if (unbuilt.length) {
  const U = T + unbuilt.length;
  const pc = (n) => ((100 * n) / U).toFixed(1);
  console.log(`${unbuilt.length} expert loops are not in the programs as built (the preprocessor leaves them out), and not counted above: ${unbuilt.join(", ")}`);
  console.log(`counting them as missed: ${R}/${U} = ${pc(R)} %, ${C}/${U} = ${pc(C)} % with a run-time check`);
}
if (missesOut) writeFileSync(missesOut, JSON.stringify(misses, null, 1));

/** The common/ sources a program's Makefile links (`${COMMON}/name.o`, `${RAND}` being randdp). */
function linkedCommon(copy, prog) {
  const mk = join(copy, prog, "Makefile");
  const dir = join(copy, "common");
  if (!existsSync(mk) || !existsSync(dir)) return [];
  const all = readdirSync(dir);
  const names = [...readFileSync(mk, "utf8").matchAll(/\$\{COMMON\}\/([\w${}]+)\.o/g)].map((m) => m[1].replace("${RAND}", "randdp"));
  // A C program links the C files; a Fortran one the Fortran files and the C ones (wtime.c) it calls.
  const c = readdirSync(join(copy, prog)).some((f) => f.endsWith(".c"));
  return names.flatMap((n) => all.filter((f) => f === `${n}.c` || (!c && f === `${n}.f`))).map((f) => join(dir, f));
}
