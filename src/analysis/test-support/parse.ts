import { parseFortran } from "../../frontend/fortran/parse-fortran.js";
import type { Procedure, Program } from "../../ir/program.js";
import { memoryHost } from "../../source/host.js";

/** Parses free-form Fortran text from a test (no includes), failing on front-end errors. */
export function fortran(text: string, path = "t.f90"): Program {
  const p = parseFortran(path, text, memoryHost({ [path]: text }), { form: path.endsWith(".f") ? "fixed" : "free" });
  const errors = p.diagnostics.filter((d) => d.severity === "error");
  if (errors.length) throw new Error(errors.map((d) => `${d.span?.line}: ${d.message}`).join("\n"));
  return p;
}

/** The procedure of a program by name (the first one when no name is given). */
export function procedure(p: Program, name?: string): Procedure {
  const proc = name === undefined ? p.procedures[0] : p.procedures.find((x) => x.name.toLowerCase() === name.toLowerCase());
  if (!proc) throw new Error(`no procedure ${name}`);
  return proc;
}
