#!/usr/bin/env node
// Compares two snapshots of scripts/snapshot-reports.js (before and after
// a change, issue 16): the parallelized sources byte for byte (the
// directives), every loop's decisions in report.json (parallel, emitted,
// clauses, if(), run-time check, ...: every field but `reasons`), the
// reasons (the report's explanation), the diagnostics and the messages.
// Prints each difference, at most --max per kind and program, and a count
// per kind; exit 1 when the directives or decisions differ, 0 otherwise
// (reasons and messages that differ are printed, for a person to judge).
//
// Usage: node scripts/compare-reports.js BEFORE AFTER [--max N]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";

const args = process.argv.slice(2);
let max = 5;
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--max") max = Number(args[++i]);
  else dirs.push(args[i]);
}
if (dirs.length !== 2) {
  console.error("usage: compare-reports.js BEFORE AFTER [--max N]");
  process.exit(2);
}
const [before, after] = dirs;

/** Every directory under `dir` holding a report.json or messages.txt (one run). */
function runsUnder(dir, out = []) {
  if (existsSync(join(dir, "messages.txt"))) out.push(dir);
  for (const n of readdirSync(dir).sort()) if (n !== "out" && statSync(join(dir, n)).isDirectory()) runsUnder(join(dir, n), out);
  return out;
}

function filesUnder(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) filesUnder(p, out);
    else out.push(p);
  }
  return out;
}

const counts = { runs: 0, directives: 0, decisions: 0, reasons: 0, diagnostics: 0, messages: 0, missing: 0 };
const shown = new Map();
function report(kind, run, what) {
  counts[kind]++;
  const key = `${kind} ${run}`;
  const n = (shown.get(key) ?? 0) + 1;
  shown.set(key, n);
  if (n <= max) console.log(`${run}: ${kind}: ${what}`);
  else if (n === max + 1) console.log(`${run}: ${kind}: ... (more)`);
}

const readJson = (p) => (existsSync(p) ? JSON.parse(readFileSync(p, "utf8")) : null);
const loopKey = (f, l) => `${f.file}:${l.line}:${l.procedure ?? ""}`;
const brief = (x) => String(JSON.stringify(x)).slice(0, 400);

for (const a of runsUnder(before)) {
  const run = relative(before, a);
  const b = join(after, run);
  counts.runs++;
  if (!existsSync(b)) {
    report("missing", run, "not in AFTER");
    continue;
  }
  // The sources written: the directives.
  const fa = filesUnder(join(a, "out")).map((p) => relative(a, p));
  const fb = filesUnder(join(b, "out")).map((p) => relative(b, p));
  for (const f of new Set([...fa, ...fb])) {
    const ta = existsSync(join(a, f)) ? readFileSync(join(a, f), "latin1") : null;
    const tb = existsSync(join(b, f)) ? readFileSync(join(b, f), "latin1") : null;
    if (ta === tb) continue;
    if (ta === null || tb === null) {
      report("directives", run, `${f} only in ${ta === null ? "AFTER" : "BEFORE"}`);
      continue;
    }
    const la = ta.split("\n");
    const lb = tb.split("\n");
    let i = 0;
    while (i < la.length && la[i] === lb[i]) i++;
    report("directives", run, `${f} line ${i + 1}: ${JSON.stringify(la[i])} vs ${JSON.stringify(lb[i])}`);
  }
  const ra = readJson(join(a, "report.json"));
  const rb = readJson(join(b, "report.json"));
  if (!ra !== !rb) report("decisions", run, `report.json only in ${ra ? "BEFORE" : "AFTER"}`);
  if (ra && rb) {
    const filesB = new Map(rb.files.map((f) => [f.file, f]));
    for (const f of ra.files) {
      const g = filesB.get(f.file);
      if (!g) {
        report("decisions", run, `${f.file} not in AFTER's report`);
        continue;
      }
      if (!isDeepStrictEqual(f.diagnostics, g.diagnostics)) report("diagnostics", run, `${f.file}: ${brief(f.diagnostics)} vs ${brief(g.diagnostics)}`);
      const { loops: la, diagnostics: _da, ...restA } = f;
      const { loops: lb, diagnostics: _db, ...restB } = g;
      if (!isDeepStrictEqual(restA, restB)) report("decisions", run, `${f.file}: file fields differ: ${brief(restA)} vs ${brief(restB)}`);
      const loopsB = new Map(lb.map((l) => [loopKey(g, l), l]));
      if (la.length !== lb.length) report("decisions", run, `${f.file}: ${la.length} loops vs ${lb.length}`);
      for (const l of la) {
        const m = loopsB.get(loopKey(f, l));
        if (!m) {
          report("decisions", run, `${loopKey(f, l)} not in AFTER`);
          continue;
        }
        const { reasons: rsa, ...da } = l;
        const { reasons: rsb, ...db } = m;
        for (const k of new Set([...Object.keys(da), ...Object.keys(db)]))
          if (!isDeepStrictEqual(da[k], db[k])) report("decisions", run, `${loopKey(f, l)} ${k}: ${brief(da[k])} vs ${brief(db[k])}`);
        if (!isDeepStrictEqual(rsa, rsb)) {
          const n = Math.max(rsa.length, rsb.length);
          let i = 0;
          while (i < n && isDeepStrictEqual(rsa[i], rsb[i])) i++;
          report("reasons", run, `${loopKey(f, l)} reason ${i} of ${rsa.length}/${rsb.length}: ${brief(rsa[i])} vs ${brief(rsb[i])}`);
        }
      }
    }
    if (rb.files.length !== ra.files.length) report("decisions", run, `${ra.files.length} files vs ${rb.files.length}`);
  }
  const ma = readFileSync(join(a, "messages.txt"), "latin1");
  const mb = readFileSync(join(b, "messages.txt"), "latin1");
  if (ma !== mb) report("messages", run, `${brief(ma)} vs ${brief(mb)}`);
}
for (const b of runsUnder(after)) if (!existsSync(join(before, relative(after, b)))) report("missing", relative(after, b), "not in BEFORE");

console.log(Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", "));
process.exit(counts.directives || counts.decisions || counts.missing ? 1 : 0);
