import { test } from "node:test";
import assert from "node:assert/strict";
import { loadProgram } from "../../driver/load-program.js";
import { memoryHost } from "../../source/host.js";
import { commonBlockSizes, layoutsAgree } from "./block-sizes.js";

function programs(files: Record<string, string>) {
  const host = memoryHost(files);
  return Object.fromEntries(Object.keys(files).map((f) => [f, loadProgram(f, host).program!]));
}

const unit = (name: string, decl: string) => `      subroutine ${name}\n${decl}      end\n`;

test("named COMMON sizes: bytes of the members in order, blank COMMON left out, disagreement inside a file unknown", () => {
  const p = programs({
    "a.f": unit("a", "      double precision x(10), y\n      integer k\n      common /w/ x, y, k\n      real s(4)\n      common s\n"),
    "b.f": unit("b", "      double precision x(10)\n      common /w/ x\n") + unit("c", "      double precision x(20)\n      common /w/ x\n"),
    "e.f": unit("e", "      double precision x(10), z(2)\n      equivalence (x(10), z(1))\n      common /w/ x\n"),
  });
  assert.deepEqual([...commonBlockSizes(p["a.f"]!)], [["w", 92]]);
  assert.deepEqual([...commonBlockSizes(p["b.f"]!)], [["w", null]]);
  // EQUIVALENCE may extend the block past its last member (F77 8.3.3): size unknown.
  assert.deepEqual([...commonBlockSizes(p["e.f"]!)], [["w", null]]);
});

test("two files agree unless they give one named block two known sizes", () => {
  const p = programs({
    "a.f": unit("a", "      double precision x(10)\n      common /w/ x\n"),
    "b.f": unit("b", "      double precision y(5), z(5)\n      common /w/ y, z\n"),
    "c.f": unit("c", "      double precision x(20)\n      common /w/ x\n"),
    "d.f": unit("d", "      double precision q(3)\n      common /other/ q\n      common q\n"),
    "e.f": unit("e", "      real s(7)\n      common s\n"),
  });
  assert.equal(layoutsAgree(p["a.f"]!, p["b.f"]!), true, "same size, other members");
  assert.equal(layoutsAgree(p["a.f"]!, p["c.f"]!), false);
  assert.equal(layoutsAgree(p["c.f"]!, p["a.f"]!), false);
  assert.equal(layoutsAgree(p["a.f"]!, p["d.f"]!), true, "no block in common");
  assert.equal(layoutsAgree(p["d.f"]!, p["e.f"]!), true, "blank COMMON may differ in size");
});
