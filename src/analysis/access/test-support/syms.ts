import type { Sym } from "../../../ir/symbol.js";
import { add, constant, variable, type Affine } from "../../symbolic/affine.js";

const sp = { file: "t", line: 1, column: 1, endLine: 1, endColumn: 2 };

/** An integer scalar for tests of pattern arithmetic. */
export function intSym(id: number, name: string): Sym {
  return { id, name, type: { base: "integer", bytes: 4 }, dims: [], layout: "column-major", storage: "local", attrs: {}, span: sp };
}

/** c + Σ coeff·sym. */
export function lin(c: number, ...terms: [number, Sym][]): Affine {
  let a: Affine = constant(c);
  for (const [k, s] of terms) a = add(a, variable(s, k))!;
  return a;
}
