import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { formatDiagnostic } from "../../src/diagnostics/diagnostic.js";
import { loadProgram } from "../../src/driver/load-program.js";
import { printProgram } from "../../src/ir/print.js";
import { buildFileReport } from "../../src/report/file-report.js";
import { renderAnalyzeText } from "../../src/report/text-report.js";
import { nodeHost } from "../../src/node/node-host.js";

/**
 * Golden outputs of the preprocessed inputs: C files in test/golden/c and
 * .F/.F90 files in test/golden/fortran-cpp. `X.hir.txt` is the HIR dump and
 * diagnostics, `X.report.txt` what `doall analyze` prints. Regenerate with
 * `node scripts/update-goldens.js` and review the diff. The C parser must
 * be initialized first (ensureCParser).
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DIRS = ["c", "fortran-cpp"].map((d) => fileURLToPath(new URL(`./${d}/`, import.meta.url)));

export function preprocessedGoldenInputs(): string[] {
  return DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => /\.(c|F|F90)$/.test(f))
      .sort()
      .map((f) => join(dir, f)),
  );
}

export function stemOf(input: string): string {
  return input.replace(/\.(c|F|F90)$/, "");
}

export function renderPreprocessedGoldens(path: string): { hir: string; report: string } {
  const rel = relative(ROOT, path);
  const host = nodeHost(ROOT);
  const includeDirs = [relative(ROOT, join(path, "..", "inc"))];
  const loaded = loadProgram(rel, host, { includeDirs });
  const program = loaded.program!;
  const diags = [...loaded.diagnostics, ...program.diagnostics].map((d) => formatDiagnostic(d)).join("\n");
  const report = renderAnalyzeText(buildFileReport(rel, program, loaded.diagnostics), { verbose: true });
  return { hir: printProgram(program) + "\ndiagnostics:\n" + (diags || "(none)") + "\n", report };
}
