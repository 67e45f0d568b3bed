import type { Language, Procedure, Program } from "../../ir/program.js";

/** How a language compares procedure names: Fortran ignores case, C does not. */
export function nameKey(language: Language, name: string): string {
  return language === "fortran" ? name.toLowerCase() : name;
}

/** The procedures a call may name, by `nameKey`: subroutines and functions (in C, functions with a body). */
export function callableByName(program: Program): Map<string, Procedure[]> {
  const out = new Map<string, Procedure[]>();
  for (const p of program.procedures) {
    if (p.kind !== "subroutine" && p.kind !== "function") continue;
    const k = nameKey(program.file.language, p.name);
    out.set(k, [...(out.get(k) ?? []), p]);
  }
  return out;
}

/**
 * Which of a file's procedures of one name a call in `caller` reaches: the
 * only one; else the caller's own internal procedure, a sibling in the
 * same host (module), or a top-level one. Undefined when none fits, and
 * for a call through a dummy argument of that name.
 */
export function resolveInFile(cands: readonly Procedure[] | undefined, caller: Procedure, name: string): Procedure | undefined {
  // Conservative: a dummy procedure may be any procedure.
  if (!cands || callsDummy(caller, name)) return undefined;
  if (cands.length === 1) return cands[0];
  return cands.find((c) => c.host === caller.name) ?? cands.find((c) => c.host !== undefined && c.host === caller.host) ?? cands.find((c) => c.host === undefined);
}

/**
 * A call through a dummy argument (a Fortran dummy procedure, a C function
 * pointer parameter) calls whatever the caller's caller passed, not the
 * procedure of that name.
 */
export function callsDummy(caller: Procedure, name: string): boolean {
  const k = nameKey(caller.language, name);
  return caller.params.some((p) => nameKey(caller.language, p.name) === k);
}
