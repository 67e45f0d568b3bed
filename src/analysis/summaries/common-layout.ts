import { evalInt } from "../../ir/const-eval.js";
import type { Procedure } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import type { Type } from "../../ir/types.js";

/** Byte interval [start, end) of a COMMON member within its block. */
export interface Extent {
  start: number;
  end: number;
}

/**
 * Byte extents of the members of one COMMON block as one procedure
 * declares it (members in order). Procedures may lay a block out
 * differently (`common /c/ a(10)` here, `common /c/ x, y(9)` there), so
 * call summaries name COMMON storage by byte extent, not by member.
 * Returns null when a size is not a compile-time constant.
 */
export function commonExtents(members: readonly Sym[]): Extent[] | null {
  const out: Extent[] = [];
  let at = 0;
  for (const m of members) {
    const size = symBytes(m);
    if (size === undefined) return null;
    out.push({ start: at, end: at + size });
    at += size;
  }
  return out;
}

/** Storage size of a symbol in bytes, when known. */
export function symBytes(s: Sym): number | undefined {
  const elem = typeBytes(s.type);
  if (elem === undefined) return undefined;
  let n = elem;
  for (const d of s.dims) {
    if (!d.upper) return undefined;
    const lo = evalInt(d.lower);
    const hi = evalInt(d.upper);
    if (lo === undefined || hi === undefined) return undefined;
    n *= Math.max(0, hi - lo + 1);
  }
  return n;
}

export function typeBytes(t: Type): number | undefined {
  if (t.base === "character") return t.charLen !== undefined && t.charLen >= 0 ? t.charLen : undefined;
  if (t.bytes !== undefined) return t.bytes;
  switch (t.base) {
    case "integer":
    case "real":
    case "logical":
      return 4;
    case "complex":
      return 8;
    default:
      return undefined;
  }
}

export function overlaps(a: Extent, b: Extent): boolean {
  return a.start < b.end && b.start < a.end;
}

const extentCache = new WeakMap<Procedure, Map<string, Extent[] | null>>();

/** Byte extent of a COMMON member in a procedure's layout of its block (null when not constant). */
export function memberExtent(proc: Procedure, s: Sym): Extent | null {
  let perProc = extentCache.get(proc);
  if (!perProc) extentCache.set(proc, (perProc = new Map()));
  const block = s.common ?? "";
  if (!perProc.has(block)) perProc.set(block, blockExtents(proc, block));
  const ext = perProc.get(block);
  return ext && s.commonIndex !== undefined ? (ext[s.commonIndex] ?? null) : null;
}

/** memberExtent's work when a block is first asked, apart: its closure would make every call allocate a context. */
function blockExtents(proc: Procedure, block: string): ReturnType<typeof commonExtents> {
  const members = [...proc.symbols.values()].filter((m) => m.storage === "common" && m.common === block).sort((a, b) => (a.commonIndex ?? 0) - (b.commonIndex ?? 0));
  return commonExtents(members);
}
