import type { Procedure, ProcedureKind } from "../../ir/program.js";
import type { Stmt } from "../../ir/stmt.js";
import { walkStmts } from "../../ir/walk.js";
import { declareUnit } from "./declarations.js";
import { lowerBody } from "./lower-body.js";
import { Scope } from "./scope.js";
import type { FortranContext, UnitContext } from "./unit-context.js";
import type { FUnit } from "./units.js";

/**
 * Lowers one program unit (and, after it, the procedures it contains) to
 * HIR procedures appended to `out`. Returns the unit's scope so modules can
 * be USEd and hosts can be seen by contained procedures.
 */
export function lowerUnit(unit: FUnit, ctx: FortranContext, parent: Scope | null, hostName: string | undefined, out: Procedure[]): Scope {
  const scope = new Scope(ctx.ids, parent, ctx.diags, unit.kind === "module" ? "module" : "local");
  const header = unit.header;
  const span = header?.span ?? unit.stmts[0]?.span ?? unit.end?.span ?? { file: "", line: 1, column: 1, endLine: 1, endColumn: 1 };
  const proc: Procedure = {
    name: unit.name,
    kind: unit.kind as ProcedureKind,
    language: "fortran",
    span,
    endSpan: unit.end?.span ?? span,
    params: [],
    symbols: scope.syms,
    statementFunctions: new Map(),
    body: [],
    uses: [],
  };
  if (hostName) proc.host = hostName;
  const u: UnitContext = { ctx, scope, stmtFuncs: new Map(), proc };
  const params = header && (header.k === "subroutine" || header.k === "function") ? header.params : [];
  const resultName = header?.k === "function" ? (header.result ?? header.name) : undefined;

  // Interface-block and contained procedure names are procedures, not variables.
  for (const n of [...unit.interfaceNames, ...unit.contains.map((c) => c.name)]) {
    if (!scope.syms.has(n)) {
      const s = scope.add(n, { base: "unknown" }, "procedure", span);
      s.attrs.external = true;
    }
  }
  const executable = declareUnit(unit, u, params, resultName);
  if (resultName) proc.result = scope.syms.get(resultName);
  if (unit.kind === "module" || unit.kind === "block-data") {
    if (executable.some((s) => s.k !== "format" && s.k !== "entry")) ctx.diags.push({ id: "fortran.exec-in-module", severity: "error", message: `executable statement in ${unit.kind.toUpperCase()} ${unit.name}`, span: executable[0]!.span });
  } else {
    proc.body = lowerBody(executable, u);
    const first = proc.body[0] && executable.find((s) => s.span.line === proc.body[0]!.span.line);
    if (first?.ll?.sharesFirstLine) proc.firstSharesLine = true;
  }
  for (const s of executable) if (s.k === "format" && s.label !== undefined) formatLabels(proc).add(s.label);
  checkLabels(proc, ctx);
  out.push(proc);
  for (const c of unit.contains) lowerUnit(c, ctx, scope, unit.name, out);
  return scope;
}

const formatLabelSets = new WeakMap<Procedure, Set<string>>();
function formatLabels(p: Procedure): Set<string> {
  let s = formatLabelSets.get(p);
  if (!s) formatLabelSets.set(p, (s = new Set()));
  return s;
}

/** Every label a jump names must label a statement of the same unit. */
function checkLabels(proc: Procedure, ctx: FortranContext): void {
  const defined = new Set<string>();
  const refs: { label: string; s: Stmt }[] = [];
  walkStmts(proc.body, (s) => {
    if (s.label !== undefined) defined.add(s.label);
    const ref = (l: string) => refs.push({ label: l, s });
    switch (s.kind) {
      case "goto":
        ref(s.target);
        break;
      case "computed-goto":
        s.targets.forEach(ref);
        break;
      case "arith-if":
        s.targets.forEach(ref);
        break;
      case "io":
        s.jumpLabels.forEach(ref);
        break;
      case "call":
        s.altReturns?.forEach(ref);
        break;
    }
  });
  for (const { label, s } of refs) {
    if (defined.has(label)) continue;
    const isFormat = formatLabels(proc).has(label);
    ctx.diags.push({ id: "fortran.undefined-label", severity: "error", message: isFormat ? `label ${label} is a FORMAT statement, not a jump target` : `label ${label} is not defined in ${proc.name}`, span: s.span });
  }
}
