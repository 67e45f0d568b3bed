import { test } from "node:test";
import assert from "node:assert/strict";
import { fortran, procedure } from "../test-support/parse.js";
import { buildCfg } from "./build-cfg.js";
import { commonLoop, hasGotoCycle } from "./cfg.js";
import { dominators, postDominators } from "./dominators.js";
import { printCfg } from "./print-cfg.js";

const cfgOf = (src: string, path = "t.f90") => buildCfg(procedure(fortran(src, path)));

test("jumps of every kind become edges; STOP goes to the halt block; references are in execution order", () => {
  const cfg = cfgOf(`subroutine jumps(a, n, k)
  integer n, k, i
  real a(n)
  common /c/ g
  i = 0
10 i = i + 1
  if (i > n) goto 20
  select case (k)
  case (1)
    a(i) = g
  case (2:3)
    a(i) = 2
  end select
  read (*, *, end=20) a(i)
  goto (10, 20), k
  if (a(i)) 10, 20, 30
30 stop
20 call ext(a, g)
  do i = 1, n
    if (a(i) < 0) cycle
    if (a(i) > 9) exit
    a(i) = 0
  end do
end subroutine
`);
  assert.equal(
    printCfg(cfg),
    `B0 entry: [d:i@5] -> B3
B1 exit: [] -> -
B2 halt: [] -> -
B3 body: [u:i@6 d:i@6 u:i@7 u:n@7] -> B5 B4
B4 body: [u:k@8] -> B8 B9 B7
B5 body: [] -> B15
B6 body: [] -> B4
B7 body: [u~:(io)@14 d~:(io)@14 u:i@14 d~:a@14] -> B10 B15
B8 body: [u:g@10 u:i@10 d~:a@10] -> B7
B9 body: [u:i@12 d~:a@12] -> B7
B10 body: [u:k@15] -> B11 B3 B15
B11 body: [u:i@16 u~:a@16] -> B3 B15 B13
B12 body: [] -> B13
B13 body: [u~:(io)@17 d~:(io)@17] -> B2
B14 body: [] -> B15
B15 body: [u:a@18 u:g@18 u~:(io)@18 d~:(io)@18 d~:a@18 d~:g@18 u:n@19 d:i@19] -> B17
B16 body: [] -> B1
B17 header L19: [] -> B16 B19
B18 latch L19: [u:i@23 d:i@23] -> B17
B19 body L19: [u:i@20 u~:a@20] -> B21 B20
B20 body L19: [u:i@21 u~:a@21] -> B24 B23
B21 body L19: [] -> B18
B22 body L19: [] -> B20
B23 body L19: [u:i@22 d~:a@22] -> B18
B24 body L19: [] -> B16
B25 body L19: [] -> B23
loop@19 header B17 latches B18 blocks B17 B18 B19 B20 B21 B22 B23 B24 B25 exits B16
`,
  );
  // The backward GOTO 10 makes a cycle that is no DO loop.
  assert.ok(hasGotoCycle(cfg));
});

test("a labeled DO shares its terminal statement with GOTOs meaning 'next iteration'; nested loops nest", () => {
  const cfg = cfgOf(
    `      subroutine s(a, n)
      integer n, i, j
      real a(n, n)
      do 10 i = 1, n
        do 10 j = 1, n
          if (a(i, j) .lt. 0) goto 10
          a(i, j) = 0
   10 continue
      end
`,
    "t.f",
  );
  const [outer, inner] = cfg.loops;
  assert.equal(inner!.parent, outer!.index);
  assert.equal(inner!.depth, 2);
  // The GOTO 10 reaches the terminal CONTINUE, inside the inner loop, then the inner latch.
  const text = printCfg(cfg);
  assert.match(text, /loop@5 header B(\d+) latches B(\d+)/);
  assert.ok(!hasGotoCycle(cfg));
  assert.equal(commonLoop(cfg, inner!.header, outer!.header), outer!.index);
  assert.equal(commonLoop(cfg, cfg.entry, inner!.header), -1);
});

test("dominators and post-dominators of a loop with a branch", () => {
  const cfg = cfgOf(`subroutine s(a, n, x)
  integer n, i
  real a(n), x
  do i = 1, n
    if (a(i) > 0) then
      x = a(i)
    end if
    a(i) = x
  end do
end subroutine
`);
  const l = cfg.loops[0]!;
  const dom = dominators(cfg);
  const pdom = postDominators(cfg);
  const blockOfLine = (line: number) => cfg.blocks.find((b) => b.refs.some((r) => cfg.refs.refs[r]!.span.line === line))!.id;
  const cond = blockOfLine(5);
  const thenB = blockOfLine(6);
  const join = blockOfLine(8);
  assert.ok(dom.dominates(l.header, cond) && dom.dominates(cond, join));
  assert.ok(!dom.dominates(thenB, join), "the THEN part does not dominate the join");
  assert.ok(pdom.dominates(join, thenB) && pdom.dominates(join, cond), "the join post-dominates the branch");
  assert.ok(!pdom.dominates(thenB, cond));
  assert.ok(pdom.dominates(cfg.exit, cfg.entry));
  assert.ok(dom.dominates(cfg.entry, cfg.exit));
});

test("C shapes: do-while tests at the bottom, for(;;) leaves only by break, a switch falls through", () => {
  const span = (line: number) => ({ file: "t.c", line, column: 1, endLine: line, endColumn: 2 });
  const INT = { base: "integer" as const, bytes: 4 };
  const sym = (id: number, name: string) => ({ id, name, type: INT, dims: [], layout: "row-major" as const, storage: "local" as const, attrs: {}, span: span(1) });
  const x = sym(0, "x");
  const k = sym(1, "k");
  const a = sym(2, "a");
  const v = (s: typeof x, line: number) => ({ kind: "var" as const, sym: s, span: span(line), type: INT });
  const lit = (n: number, line: number) => ({ kind: "int" as const, value: n, span: span(line), type: INT });
  const lt = (l: ReturnType<typeof v>, r: ReturnType<typeof lit>, line: number) => ({ kind: "binary" as const, op: "<" as const, left: l, right: r, span: span(line) });
  const body: import("../../ir/stmt.js").Stmt[] = [
    {
      kind: "loop",
      id: 0,
      form: "do-until",
      index: null,
      lower: null,
      upper: null,
      step: null,
      cond: lt(v(x, 5), lit(10, 5), 5),
      body: [
        { kind: "assign", lhs: v(x, 3), rhs: v(k, 3), span: span(3) },
        { kind: "if", cond: lt(v(x, 4), lit(5, 4), 4), then: [{ kind: "exit", loopId: 0, span: span(4) }], else: [], span: span(4) },
      ],
      candidate: false,
      span: span(2),
      endSpan: span(5),
    },
    {
      kind: "loop",
      id: 1,
      form: "forever",
      index: null,
      lower: null,
      upper: null,
      step: null,
      cond: null,
      body: [{ kind: "if", cond: lt(v(k, 7), lit(0, 7), 7), then: [{ kind: "exit", loopId: null, span: span(7) }], else: [], span: span(7) }],
      candidate: false,
      span: span(6),
      endSpan: span(8),
    },
    {
      kind: "switch",
      selector: v(k, 9),
      fallthrough: true,
      cases: [
        { values: [lit(1, 10)], body: [{ kind: "assign", lhs: v(a, 10), rhs: lit(1, 10), span: span(10) }], span: span(10) },
        { values: [lit(2, 11)], body: [{ kind: "assign", lhs: v(a, 11), rhs: lit(2, 11), span: span(11) }, { kind: "exit", loopId: null, span: span(11) }], span: span(11) },
        { values: null, body: [{ kind: "assign", lhs: v(a, 12), rhs: lit(3, 12), span: span(12) }], span: span(12) },
      ],
      span: span(9),
    },
  ];
  const proc = { name: "c", kind: "function" as const, language: "c" as const, span: span(1), endSpan: span(13), params: [], symbols: new Map([x, k, a].map((s) => [s.name, s])), statementFunctions: new Map(), body, uses: [] };
  const cfg = buildCfg(proc);
  const blockOf = (line: number) => cfg.blocks.find((b) => b.refs.some((r) => cfg.refs.refs[r]!.span.line === line))!.id;
  const [doUntil, forever] = cfg.loops;
  // do-while: the test (line 5) is the latch, with the back edge and the exit.
  assert.deepEqual(doUntil!.latches, [blockOf(5)]);
  assert.ok(cfg.succs[blockOf(5)]!.includes(doUntil!.header));
  assert.equal(doUntil!.exits.length, 1, "the break and the failing test both leave to the statement after");
  // for(;;): the header has no exit edge; the break (line 7) is the only way out.
  assert.ok(cfg.succs[forever!.header]!.every((s) => cfg.blocks[s]!.loop === forever!.index));
  assert.equal(forever!.exits.length, 1);
  // switch: case 1 falls into case 2; case 2 breaks past the default.
  assert.ok(cfg.succs[blockOf(10)]!.includes(blockOf(11)));
  assert.ok(!cfg.succs[blockOf(11)]!.includes(blockOf(12)));
  assert.ok(cfg.succs[blockOf(9)]!.includes(blockOf(12)));
});
