import type { Stmt } from "./stmt.js";

/**
 * A procedure body rebuilt with `rewrite` applied to every statement list
 * (innermost first: a list is rewritten after the statements in it), the
 * parts it leaves alone shared with the original (a statement is copied
 * only when a list inside it changed; `copied` is told). `rewrite` returns
 * its argument when it changes nothing. For the variants the parallelizer
 * analyzes in place of the body (invariant-guards.ts, fusion.ts).
 */
export function rewriteBlocks(body: Stmt[], rewrite: (list: Stmt[]) => Stmt[], copied?: (from: Stmt, to: Stmt) => void): Stmt[] {
  const mapList = (list: Stmt[]): Stmt[] => {
    let changed = false;
    const out = list.map((s) => {
      const t = mapStmt(s);
      if (t !== s) changed = true;
      return t;
    });
    return rewrite(changed ? out : list);
  };
  const mapStmt = (s: Stmt): Stmt => {
    let t: Stmt = s;
    switch (s.kind) {
      case "loop": {
        const body = mapList(s.body);
        if (body !== s.body) t = { ...s, body };
        break;
      }
      case "if": {
        const then = mapList(s.then);
        const els = mapList(s.else);
        if (then !== s.then || els !== s.else) t = { ...s, then, else: els };
        break;
      }
      case "switch": {
        const cases = s.cases.map((c) => {
          const body = mapList(c.body);
          return body === c.body ? c : { ...c, body };
        });
        if (cases.some((c, k) => c !== s.cases[k])) t = { ...s, cases };
        break;
      }
      case "block": {
        const body = mapList(s.body);
        if (body !== s.body) t = { ...s, body };
        break;
      }
      default:
        break;
    }
    if (t !== s) copied?.(s, t);
    return t;
  };
  return mapList(body);
}

/**
 * The body with the statements `run` (consecutive in one list) replaced by
 * `by`: a fused pair by the fused loop (fusion.ts), a loop by its aligned
 * or peeled variant (realign.ts).
 */
export function replaceRun(body: Stmt[], run: readonly Stmt[], by: Stmt): Stmt[] {
  return rewriteBlocks(body, (list) => {
    const at = list.indexOf(run[0]!);
    return at >= 0 && run.every((s, k) => list[at + k] === s) ? [...list.slice(0, at), by, ...list.slice(at + run.length)] : list;
  });
}
