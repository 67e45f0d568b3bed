import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "../src/frontend/fortran/parse-fortran.js";
import { collectLoops } from "../src/ir/walk.js";
import { memoryHost } from "../src/source/host.js";
import { concatCopies, definedNames } from "../scripts/concat-copies.js";

/** The growth test of `npm run bench` (scripts/concat-copies.js) must give k valid copies of a program. */

const FIXED = [
  "      program main",
  "      double precision a(100)",
  "      call init(a, 100)",
  "      call sweepalongtheverylongname(a, 100, 1.0d0, 2.0d0, 3.0d0, 4.0d0)",
  "      end",
  "c     init fills a",
  "      subroutine init(a, n)",
  "      integer n, i",
  "      double precision a(n)",
  "      do i = 1, n",
  "        a(i) = i",
  "      end do",
  "      end",
  "      subroutine sweepalongtheverylongname(a, n, x, y, z, w)",
  "      integer n, i",
  "      double precision a(n), x, y, z, w",
  "      do i = 1, n",
  "        a(i) = a(i) * x + y",
  "      end do",
  "      end",
  "",
].join("\n");

test("fixed form: the procedures are renamed per copy, a line pushed past column 72 is continued, and every copy is read", () => {
  assert.deepEqual([...definedNames(FIXED, "fixed")].sort(), ["init", "main", "sweepalongtheverylongname"]);
  const text = concatCopies(FIXED, "fixed", 3) as string;
  for (const line of text.split("\n")) if (!/^[c*!]/i.test(line)) assert.ok(line.length <= 72, line);
  const program = parseFortran("x.f", text, memoryHost({}), { form: "fixed" });
  assert.deepEqual(program.diagnostics.filter((d) => d.severity === "error"), []);
  assert.deepEqual(program.procedures.map((p) => p.name).sort(), ["init", "init_1", "init_2", "main", "main_1", "main_2", "sweepalongtheverylongname", "sweepalongtheverylongname_1", "sweepalongtheverylongname_2"]);
  assert.equal(program.procedures.flatMap((p) => collectLoops(p.body)).length, 6);
});
