import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * DESIGN.md: core (everything but src/cli, src/node and src/web) imports
 * nothing from Node or the DOM, so the analyzer runs in the browser
 * unchanged. src/node is the library's Node side ("doall/node").
 */
const SRC = new URL("../src/", import.meta.url).pathname;
const NODE_BUILTINS = /^(node:|fs$|path$|os$|child_process$|url$|worker_threads$|process$|module$|util$|crypto$)/;

function files(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) files(p, out);
    else if (n.endsWith(".ts") && !n.endsWith(".test.ts") && !p.includes("/test-support/")) out.push(p);
  }
  return out;
}

test("core modules import nothing from Node", () => {
  const offenders: string[] = [];
  for (const f of files(SRC)) {
    const rel = relative(SRC, f);
    if (rel.startsWith("cli/") || rel.startsWith("node/") || rel.startsWith("web/")) continue;
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/(?:import|export)[^'"]*from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)) {
      const spec = m[1] ?? m[2]!;
      if (NODE_BUILTINS.test(spec)) offenders.push(`${rel}: ${spec}`);
    }
    if (/\bprocess\.(env|argv|exit|stdout|stderr)\b|\bconsole\.(log|error)\(/.test(text)) offenders.push(`${rel}: uses process/console`);
  }
  assert.deepEqual(offenders, []);
});
