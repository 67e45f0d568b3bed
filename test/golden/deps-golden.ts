import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../../src/cli/main.js";
import { fakeIO } from "../../src/cli/test-support/fake-io.js";

/**
 * Golden outputs of `doall deps` for the programs in test/golden/deps:
 * `X.deps.txt` next to each input. A first comment line `args: ...` gives
 * extra options (e.g. `--input`). Regenerate with
 * `node scripts/update-goldens.js` and review the diff.
 */
export const DEPS_DIR = fileURLToPath(new URL("./deps/", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function depsGoldenInputs(): string[] {
  return readdirSync(DEPS_DIR)
    .filter((f) => /\.(f|f90|c)$/.test(f))
    .sort()
    .map((f) => join(DEPS_DIR, f));
}

export async function renderDepsGolden(path: string): Promise<string> {
  const rel = relative(ROOT, path);
  const first = readFileSync(path, "utf8").split("\n", 1)[0]!;
  const m = /^(?:[!cC*]|\/\*)\s*args:\s*(.*?)\s*(?:\*\/)?$/.exec(first);
  const args = m ? m[1]!.trim().split(/\s+/) : [];
  const io = fakeIO(ROOT);
  const code = await runCli(["deps", ...args, rel], io);
  return `$ doall deps ${[...args, rel].join(" ")}\n${io.out}${io.err ? `stderr:\n${io.err}` : ""}exit ${code}\n`;
}

export function depsGoldenPath(input: string): string {
  return input.replace(/\.(f|f90|c)$/, ".deps.txt");
}
