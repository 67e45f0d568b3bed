import type { Cfg } from "./cfg.js";

/**
 * A readable dump of a CFG for tests and debugging: one line per block with
 * its role, loop, references (`d:x@3` defines x at line 3, `u:` uses; `~`
 * marks a reference that is not exact) and successors.
 */
export function printCfg(cfg: Cfg): string {
  const out: string[] = [];
  for (const b of cfg.blocks) {
    const refs = b.refs.map((id) => {
      const r = cfg.refs.refs[id]!;
      return `${r.kind === "def" ? "d" : "u"}${r.exact ? "" : "~"}:${cfg.vars.vars[r.var]!.name}@${r.span.line}`;
    });
    const loop = b.loop >= 0 ? ` L${cfg.loops[b.loop]!.loop.span.line}` : "";
    out.push(`B${b.id} ${b.role}${loop}: [${refs.join(" ")}] -> ${b.succs.map((s) => "B" + s).join(" ") || "-"}`);
  }
  for (const l of cfg.loops) {
    out.push(`loop@${l.loop.span.line} header B${l.header} latches ${l.latches.map((x) => "B" + x).join(" ")} blocks ${l.blocks.map((x) => "B" + x).join(" ")} exits ${l.exits.map((x) => "B" + x).join(" ")}`);
  }
  return out.join("\n") + "\n";
}
