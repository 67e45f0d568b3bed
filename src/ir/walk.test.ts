import { test } from "node:test";
import assert from "node:assert/strict";
import { loadProgram } from "../driver/load-program.js";
import { memoryHost } from "../source/host.js";
import type { Stmt } from "./stmt.js";
import { topLevelIndex, topLevelIndexes, walkStmts } from "./walk.js";

test("topLevelIndexes gives every nested statement the index topLevelIndex gives it, and nothing else", () => {
  const src = [
    "      subroutine s(a, n, m)",
    "      integer n, m, i, j, k",
    "      double precision a(n, m)",
    "      a(1, 1) = 0",
    "      do 20 j = 1, m",
    "         if (j .gt. 2) then",
    "            do 10 i = 1, n",
    "               a(i, j) = a(i, j - 1) + 1",
    "   10       continue",
    "         else",
    "            a(1, j) = 1",
    "         end if",
    "   20 continue",
    "      do k = 1, 3",
    "         select case (k)",
    "         case (1)",
    "            a(k, 1) = 2",
    "         case default",
    "            a(k, 2) = 3",
    "         end select",
    "      end do",
    "      end",
  ].join("\n");
  const proc = loadProgram("s.f", memoryHost({ "s.f": src })).program!.procedures[0]!;
  const all: Stmt[] = [];
  walkStmts(proc.body, (s) => void all.push(s));
  assert.ok(all.length > 10);
  for (const top of [proc.body, ...all.flatMap((s) => (s.kind === "loop" ? [s.body] : []))]) {
    const index = topLevelIndexes(top);
    for (const s of all) assert.equal(index.get(s) ?? -1, topLevelIndex(top, s));
  }
});
