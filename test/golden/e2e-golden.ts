import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "../../src/cli/main.js";
import { fakeIO } from "../../src/cli/test-support/fake-io.js";
import { parallelizePaths } from "../../src/api/parallelize.js";
import { nodeHost } from "../../src/node/node-host.js";

/**
 * Goldens of doall's decisions on the end-to-end programs (issue 19 §6):
 * for each program, `X.omp.f` / `X.omp.c` (what `doall parallelize`
 * writes) and `X.report.txt` (what `doall analyze` and `doall explain`
 * print), under test/golden/e2e/. A change of decision or of wording
 * shows as a diff in review. Regenerate with `node scripts/update-goldens.js`.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const E2E_GOLDEN_DIR = fileURLToPath(new URL("./e2e/", import.meta.url));
const PROGRAMS = join(ROOT, "test/e2e/programs");

/** The e2e programs, as paths relative to the repository. */
export function e2eGoldenInputs(): string[] {
  return ["fortran", "c"].flatMap((lang) =>
    readdirSync(join(PROGRAMS, lang))
      .filter((f) => /\.(f|f90|F90|c)$/.test(f))
      .sort()
      .map((f) => relative(ROOT, join(PROGRAMS, lang, f))),
  );
}

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIO(ROOT);
  const code = await runCli(args, io);
  return { code, out: io.out, err: io.err };
}

/** The golden files of one program: name -> text. */
export async function renderE2EGolden(input: string): Promise<Record<string, string>> {
  const base = input.replace(/^.*\//, "");
  const stem = base.replace(/\.[^.]+$/, "");
  const ext = base.slice(stem.length);
  const omp = parallelizePaths([input], nodeHost(ROOT)).files[0]?.text ?? "";
  const analyze = await cli(["analyze", input]);
  const explain = await cli(["explain", input]);
  const report = [
    `$ doall analyze ${input}`,
    analyze.out + (analyze.err ? `stderr:\n${analyze.err}` : "") + `exit ${analyze.code}`,
    "",
    `$ doall explain ${input}`,
    explain.out + (explain.err ? `stderr:\n${explain.err}` : "") + `exit ${explain.code}`,
    "",
  ].join("\n");
  return { [`${stem}.omp${ext}`]: omp, [`${stem}.report.txt`]: report };
}

/** The corpus's machine-readable goldens: the JSON report of two programs and the SARIF of all. */
export async function renderFormatGoldens(): Promise<Record<string, string>> {
  const report = await cli(["analyze", "--json", "test/e2e/programs/fortran/f12_recurrence.f", "test/e2e/programs/c/c13_aliasing.c"]);
  const sarif = await cli(["analyze", "--sarif", "-", ...e2eGoldenInputs()]);
  return { "e2e.report.json": report.out, "e2e.sarif.json": sarif.out };
}
