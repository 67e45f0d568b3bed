import type { Program } from "../../ir/program.js";
import { commonExtents } from "../summaries/common-layout.js";

const sizesMemo = new WeakMap<Program, Map<string, number | null>>();

/**
 * The size in bytes of each named COMMON block a file declares, in lower
 * case; null when a size is not a constant, when storage is EQUIVALENCEd
 * into the block (it may extend it: F77 8.3.3), or when the file's own
 * units disagree. Blank COMMON is left out: its size may differ between
 * units (F77 8.3.5).
 */
export function commonBlockSizes(program: Program): Map<string, number | null> {
  let out = sizesMemo.get(program);
  if (out) return out;
  out = new Map();
  for (const blocks of program.commons.values())
    for (const b of blocks) {
      const name = b.name.toLowerCase();
      if (name === "") continue;
      const ext = b.members.some((m) => m.equivalence !== undefined) ? null : commonExtents(b.members);
      const size = ext ? (ext.length ? ext[ext.length - 1]!.end : 0) : null;
      if (!out.has(name)) out.set(name, size);
      else if (out.get(name) !== size) out.set(name, null);
    }
  sizesMemo.set(program, out);
  return out;
}

/**
 * Whether two files may be units of one program as far as their named
 * COMMON blocks say: "Within an executable program, all named common
 * blocks that have the same name must be the same size" (F77 8.3.3; F2008
 * 5.7.2.5). Two files that lay out a block with different constant sizes
 * are never linked together: NPB 3.3.1's BT ships x_solve.f with
 * work_lhs.h and x_solve_vec.f with work_lhs_vec.h, whose /work_lhs/ is
 * larger, and its makefile links one set or the other. Only ever used to
 * choose among the definitions of a name several files define
 * (link-programs.ts), where one of them is surely not linked anyway.
 */
export function layoutsAgree(a: Program, b: Program): boolean {
  if (a === b) return true;
  const sa = commonBlockSizes(a);
  const sb = commonBlockSizes(b);
  for (const [name, size] of sa) {
    const other = sb.get(name);
    if (size !== null && other !== undefined && other !== null && other !== size) return false;
  }
  return true;
}
