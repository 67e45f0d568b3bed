import type { Stmt } from "../../ir/stmt.js";
import { emitCallEffects } from "../refs/call-effects.js";
import type { RefWriter } from "../refs/ref-writer.js";

/**
 * The references of a statement that does not shape control flow (the CFG
 * builder handles loops, branches and jumps and reads their expressions
 * itself), in execution order.
 */
export function lowerStatementRefs(w: RefWriter, s: Stmt): void {
  switch (s.kind) {
    case "assign":
      w.useExpr(s.rhs);
      w.defTarget(s.lhs);
      return;
    case "call":
      emitCallEffects(w, { name: s.name, sym: s.sym, args: s.args, intrinsic: s.intrinsic, pure: s.pure, subroutine: true, altReturns: s.altReturns, span: s.span });
      return;
    case "io":
      for (const e of s.controls) w.useExpr(e);
      for (const e of s.uses) w.useExpr(e);
      w.ioState(s.span, "io");
      // Conservative: an error or end of file (ERR=, END=, IOSTAT=) leaves READ items undefined, and the
      // HIR does not say which definitions are IOSTAT= targets, so no I/O definition kills.
      for (const e of s.defs) {
        // C: a pointer among the defs (fread's buffer) receives data where it points, not in itself.
        if (w.proc.language === "c" && e.kind === "var" && (e.sym.attrs.pointer || e.sym.type.base === "pointer")) {
          w.useExpr(e);
          w.memory("def", e, e.span);
        } else if (e.kind === "addr") w.defTarget(e.operand, "io", false);
        else w.defTarget(e, "io", false);
      }
      return;
    case "allocate":
    case "deallocate":
      for (const o of s.objects) {
        w.subscriptUses(o);
        if (o.kind === "var" || o.kind === "elem" || o.kind === "section") w.ref("def", o.sym, o, false, "explicit", o.span);
        else w.defTarget(o, "explicit", false);
      }
      if (s.stat) w.defTarget(s.stat);
      return;
    case "expr":
      w.useExpr(s.expr);
      return;
    case "opaque":
      // Conservative: a statement doall cannot model may read and write every variable, and do I/O.
      w.vars.ioVar();
      for (const v of w.vars.vars) {
        if (!v.referenced) continue;
        w.emit("use", v.id, v.syms[0] ?? null, null, false, "opaque", s.span);
        w.emit("def", v.id, v.syms[0] ?? null, null, false, "opaque", s.span);
      }
      return;
    case "nop":
      return;
    default:
      // Loops, branches and jumps are lowered by the CFG builder.
      return;
  }
}
