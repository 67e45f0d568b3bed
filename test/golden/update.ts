import { writeFileSync } from "node:fs";
import { goldenInputs, renderGoldens } from "./fortran-golden.js";

// Writes X.tokens.txt and X.hir.txt next to every golden input.
for (const input of goldenInputs()) {
  const stem = input.replace(/\.(f|f90)$/, "");
  for (const [kind, text] of Object.entries(renderGoldens(input))) writeFileSync(`${stem}.${kind}.txt`, text);
  console.log(`updated ${stem}.*.txt`);
}
