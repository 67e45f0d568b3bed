#!/usr/bin/env node
// One measured `doall parallelize` run, in-process, for scripts/bench.js:
// the modules are imported and the C parser loaded first, then the CPU
// time of the run (user + system, Node start-up and module loading
// excluded) is measured, phase by phase through src/util/phases.ts.
// The doall command's V8 compiler settings are applied first (jit-flags.ts).
// Prints one JSON line: { cpu, phases, maxRssMB, exit, errors } (times in
// seconds).
//
// Usage: node scripts/bench-run.js --dist DIR --out DIR [-I DIR]... FILE...
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
let dist = "";
let out = "";
const rest = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--dist") dist = resolve(args[++i]);
  else if (args[i] === "--out") out = resolve(args[++i]);
  else rest.push(args[i]);
}
const mod = (p) => import(pathToFileURL(join(dist, p)).href);
// The compiler settings the doall command sets (src/node/jit-flags.ts): the run is measured as users run it.
// DOALL_NO_JIT_FLAGS=1 measures without them; a build from before they existed has none.
(await mod("node/jit-flags.js").catch(() => null))?.tuneJit();
const { runCli } = await mod("cli/main.js");
const { ensureCParser } = await mod("node/c-parser-node.js");
// A build from before the phases existed still gives the total.
const phases = await mod("util/phases.js").catch(() => null);
if (rest.some((f) => f.endsWith(".c"))) await ensureCParser();

const work = out || mkdtempSync(join(tmpdir(), "doall-bench-"));
let errors = 0;
const io = {
  stdout: () => {},
  stderr: (t) => void (errors += (t.match(/: error: /g) ?? []).length),
  stderrIsTTY: false,
  cwd: process.cwd(),
};
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const times = phases ? phases.startPhases(cpu) : null;
const c0 = cpu();
const exit = await runCli(["parallelize", ...rest, "-o", join(work, "out"), "--report", join(work, "report.json")], io);
const total = cpu() - c0;
phases?.stopPhases();
if (!out) rmSync(work, { recursive: true, force: true });
const maxRssMB = process.resourceUsage().maxRSS / 1024;
process.stdout.write(JSON.stringify({ cpu: total, phases: times, maxRssMB, exit, errors }) + "\n");
