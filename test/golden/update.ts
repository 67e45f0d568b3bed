import { writeFileSync } from "node:fs";
import { goldenInputs, renderGoldens } from "./fortran-golden.js";

// Writes X.tokens.txt and X.hir.txt next to every golden input.
for (const input of goldenInputs()) {
  const stem = input.replace(/\.(f|f90)$/, "");
  for (const [kind, text] of Object.entries(renderGoldens(input))) writeFileSync(`${stem}.${kind}.txt`, text);
  console.log(`updated ${stem}.*.txt`);
}

// C and preprocessed Fortran: X.hir.txt and X.report.txt.
const { ensureCParser } = await import("../../src/node/c-parser-node.js");
const { preprocessedGoldenInputs, renderPreprocessedGoldens, stemOf } = await import("./c-golden.js");
await ensureCParser();
for (const input of preprocessedGoldenInputs()) {
  for (const [kind, text] of Object.entries(renderPreprocessedGoldens(input))) writeFileSync(`${stemOf(input)}.${kind}.txt`, text);
  console.log(`updated ${stemOf(input)}.*.txt`);
}

// `doall deps` goldens: X.deps.txt next to every input of test/golden/deps.
const { depsGoldenInputs, depsGoldenPath, renderDepsGolden } = await import("./deps-golden.js");
for (const input of depsGoldenInputs()) {
  writeFileSync(depsGoldenPath(input), await renderDepsGolden(input));
  console.log(`updated ${depsGoldenPath(input)}`);
}

// The end-to-end programs' decisions: X.omp.f / X.omp.c and X.report.txt under test/golden/e2e.
const { E2E_GOLDEN_DIR, e2eGoldenInputs, renderE2EGolden } = await import("./e2e-golden.js");
const { mkdirSync } = await import("node:fs");
mkdirSync(E2E_GOLDEN_DIR, { recursive: true });
for (const input of e2eGoldenInputs()) {
  for (const [name, text] of Object.entries(await renderE2EGolden(input))) writeFileSync(`${E2E_GOLDEN_DIR}${name}`, text, "latin1");
}
const { renderFormatGoldens } = await import("./e2e-golden.js");
for (const [name, text] of Object.entries(await renderFormatGoldens())) writeFileSync(`${E2E_GOLDEN_DIR}${name}`, text);
console.log(`updated ${E2E_GOLDEN_DIR}`);
