import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { FStmt } from "./ast.js";

export type UnitKind = "program" | "subroutine" | "function" | "block-data" | "module";

/**
 * A program unit as a run of statements: its header (null for a main
 * program without PROGRAM), the statements up to its END (interface blocks
 * and derived-type definitions taken out), and the procedures after its
 * CONTAINS.
 */
export interface FUnit {
  kind: UnitKind;
  name: string;
  header: FStmt | null;
  stmts: FStmt[];
  end: FStmt | null;
  contains: FUnit[];
  /** Procedure names declared by interface blocks. */
  interfaceNames: string[];
  /** Names of derived types defined in the unit. */
  typeNames: string[];
  /** A derived type of the unit binds procedures (`contains` in the type): `x%f(...)` may call one. */
  typeBound?: boolean;
  /** Set when the unit uses something doall does not model (a diagnostic says what). */
  unsupported?: { what: string; stmt: FStmt };
}

const HEADERS = new Set(["program", "subroutine", "function", "block-data", "module"]);

/** Groups a file's statements into program units (with contained procedures nested). */
export function splitUnits(stmts: FStmt[], diags: Diagnostic[]): FUnit[] {
  const top: FUnit[] = [];
  const stack: { unit: FUnit; inContains: boolean }[] = [];
  let interfaceDepth = 0;
  let inType = false;
  let anonymous = 0;

  const open = (s: FStmt | null): FUnit => {
    let kind: UnitKind = "program";
    let name = "main";
    if (s) {
      kind = s.k as UnitKind;
      name = "name" in s && typeof s.name === "string" ? s.name : kind === "block-data" ? `_blockdata${anonymous++ || ""}` : "main";
    }
    const u: FUnit = { kind, name, header: s, stmts: [], end: null, contains: [], interfaceNames: [], typeNames: [] };
    const parent = stack[stack.length - 1];
    if (parent) {
      if (!parent.inContains) {
        diags.push({ id: "fortran.missing-end", severity: "error", message: `${parent.unit.kind.toUpperCase()} ${parent.unit.name} has no END before this ${kind.toUpperCase()}`, span: (s ?? parent.unit.header)!.span });
        closeTop(null);
        return open(s);
      }
      parent.unit.contains.push(u);
    } else top.push(u);
    stack.push({ unit: u, inContains: false });
    return u;
  };

  const closeTop = (end: FStmt | null): void => {
    const f = stack.pop();
    if (f) f.unit.end = end;
  };

  for (const s of stmts) {
    if (interfaceDepth > 0) {
      if (s.k === "interface") interfaceDepth++;
      else if (s.k === "end-interface") interfaceDepth--;
      else if ((s.k === "subroutine" || s.k === "function") && stack.length) stack[stack.length - 1]!.unit.interfaceNames.push(s.name);
      else if (s.k === "module-procedure" && stack.length) stack[stack.length - 1]!.unit.interfaceNames.push(...s.names);
      continue;
    }
    if (inType) {
      if (s.k === "end-type") inType = false;
      else if (s.k === "contains" && stack.length) stack[stack.length - 1]!.unit.typeBound = true;
      continue;
    }
    if (HEADERS.has(s.k)) {
      open(s);
      continue;
    }
    if (s.k === "end-unit") {
      if (stack.length === 0) {
        diags.push({ id: "fortran.stray-end", severity: "error", message: "END without a program unit to end", span: s.span });
        continue;
      }
      closeTop(s);
      continue;
    }
    if (stack.length === 0) open(null);
    const f = stack[stack.length - 1]!;
    if (s.k === "contains") {
      f.inContains = true;
      continue;
    }
    if (f.inContains) {
      diags.push({ id: "fortran.after-contains", severity: "error", message: "only procedures may follow CONTAINS", span: s.span });
      continue;
    }
    if (s.k === "interface") {
      interfaceDepth = 1;
      if (s.name) f.unit.interfaceNames.push(s.name.toLowerCase());
      continue;
    }
    if (s.k === "derived-type") {
      inType = true;
      f.unit.typeNames.push(s.name);
      continue;
    }
    f.unit.stmts.push(s);
  }
  while (stack.length) {
    const f = stack[stack.length - 1]!;
    if (f.unit.header) diags.push({ id: "fortran.missing-end", severity: "error", message: `${f.unit.kind.toUpperCase()} ${f.unit.name} has no END statement`, span: f.unit.header.span });
    closeTop(null);
  }
  return top;
}

/**
 * What of Fortran 2003's hidden calls some unit of `units` (and what they
 * contain) declares: type-bound procedures, generic operators, defined
 * assignment. doall follows none of them: a loop that may call one is
 * taken to call an unknown procedure (lower-expr.ts, lower-stmt.ts).
 */
export function hiddenCalls(units: readonly FUnit[], into: HiddenCalls): void {
  for (const u of units) {
    if (u.typeBound) into.typeBound = true;
    for (const n of u.interfaceNames) {
      const k = n.replace(/\s+/g, "").toLowerCase();
      if (k.startsWith("operator(")) into.operators = true;
      if (k.startsWith("assignment(")) into.assignment = true;
    }
    hiddenCalls(u.contains, into);
  }
}

export interface HiddenCalls {
  typeBound: boolean;
  operators: boolean;
  assignment: boolean;
}
