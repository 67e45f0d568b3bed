import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { formatDiagnostic } from "../../src/diagnostics/diagnostic.js";
import { parseFortran } from "../../src/frontend/fortran/parse-fortran.js";
import { tokenize } from "../../src/frontend/fortran/lexer.js";
import { readFortranLines } from "../../src/frontend/fortran/source-reader.js";
import { printProgram } from "../../src/ir/print.js";
import { nodeHost } from "../../src/node/node-host.js";

/**
 * Golden outputs of the Fortran front end for the programs in
 * test/golden/fortran: `X.tokens.txt` (logical lines and their tokens: the
 * line splitter and lexer) and `X.hir.txt` (the HIR dump and diagnostics:
 * parser and lowering). Regenerate with `node scripts/update-goldens.js`
 * and review the diff.
 */
export const GOLDEN_DIR = fileURLToPath(new URL("./fortran/", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function goldenInputs(): string[] {
  return readdirSync(GOLDEN_DIR)
    .filter((f) => /\.(f|f90)$/.test(f))
    .sort()
    .map((f) => join(GOLDEN_DIR, f));
}

export function renderGoldens(path: string): { tokens: string; hir: string } {
  // Paths relative to the repository, so goldens do not depend on where it is checked out.
  const rel = relative(ROOT, path);
  const host = nodeHost(ROOT);
  const includeDirs = [relative(ROOT, join(GOLDEN_DIR, "inc"))];
  const text = readFileSync(path, "utf8");
  const lines = readFortranLines(rel, text, host, { includeDirs });
  const tok: string[] = [];
  for (const ll of lines.lines) {
    const toks = tokenize(ll, []).filter((t) => t.kind !== "eol");
    const where = `${ll.file === rel ? "" : ll.file + ":"}${ll.line}${ll.endLine !== ll.line ? "-" + ll.endLine : ""}`;
    const dirs = ll.directivesBefore?.map((d) => `  [${d.sentinel} directive line ${d.span.line}: ${d.text}]\n`).join("") ?? "";
    tok.push(`${dirs}${where}${ll.label !== undefined ? ` label ${ll.label}` : ""}: ${toks.map((t) => `${t.kind}(${t.value})`).join(" ")}`);
  }
  tok.push(`directives: ${lines.directives.map((d) => `${d.span.line}:${d.sentinel}:${d.text}`).join(" | ")}`);
  const program = parseFortran(rel, text, host, { includeDirs });
  const diags = program.diagnostics.map((d) => formatDiagnostic(d)).join("\n");
  return { tokens: tok.join("\n") + "\n", hir: printProgram(program) + "\ndiagnostics:\n" + (diags || "(none)") + "\n" };
}
