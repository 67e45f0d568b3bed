import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeFlow } from "../flow-analysis.js";
import { fortran } from "../test-support/parse.js";

const flowsOf = (src: string) => {
  const p = fortran(src);
  return new Map(analyzeFlow(p).map((f) => [f.proc.name, f]));
};

test("a summary says, per dummy, what the procedure reads first, writes, and writes on every path", () => {
  const f = flowsOf(`subroutine callee(a, b, c, d, n)
  integer n, i
  real a(n), b, c, d
  common /blk/ g(4), h
  b = c + g(2)
  if (n > 0) d = 1.0
  do i = 1, n
    a(i) = b
  end do
  h = d
end subroutine
`);
  const s = f.get("callee")!.summary;
  assert.deepEqual(
    s.formals.map((x) => ({ use: x.use, euse: x.euse, mod: x.mod, ddef: x.ddef })),
    [
      { use: false, euse: false, mod: true, ddef: false }, // a: element writes are possible writes
      { use: true, euse: false, mod: true, ddef: true }, // b: written first, on every path
      { use: true, euse: true, mod: false, ddef: false }, // c: read only
      { use: true, euse: true, mod: true, ddef: false }, // d: written on one path, read after: exposed
      { use: true, euse: true, mod: false, ddef: false }, // n
    ],
  );
  assert.equal(s.formals[1]!.exactBytes, 4);
  // COMMON by byte extent: g is bytes 0..16, h 16..20.
  const blk = s.commons.get("blk")!;
  assert.deepEqual(blk.use, [{ start: 0, end: 16 }]);
  assert.deepEqual(blk.mod, [{ start: 16, end: 20 }]);
  assert.equal(s.io, false);
  assert.equal(s.unknown, false);
});

test("a caller sees through the summary: only what the callee touches, with COMMON layouts compared by bytes", () => {
  const f = flowsOf(`subroutine caller(x, y)
  real x, y, p, q(3)
  common /blk/ p, q
  call setx(x)
  y = x + q(1)
end subroutine

subroutine setx(z)
  real z, r(2), s, t
  common /blk/ r, s, t
  z = 2.0
  t = 1.0
end subroutine
`);
  const c = f.get("caller")!;
  const refs = c.cfg.refs.refs.filter((r) => r.origin === "call");
  const desc = refs.map((r) => `${r.kind}${r.exact ? "" : "~"}:${r.sym?.name}`);
  // setx writes z exactly (on every path), and t = bytes 12..16 of /blk/, which is q(2:3) in the caller's layout.
  assert.deepEqual(desc, ["use~:q", "def:x", "def~:q"]);
  const deps = c.deps.edges().map((e) => `${e.kind} ${c.cfg.vars.vars[e.var]!.name} ${c.cfg.refs.refs[e.source]!.span.line}->${c.cfg.refs.refs[e.sink]!.span.line}${e.definite ? " definite" : ""}`);
  assert.ok(deps.includes("flow x 4->5 definite"), deps.join("\n"));
  assert.ok(!deps.some((d) => d.includes(" p ")), "p (bytes 0..4) is not touched");
});

test("without a summary a call may read and write every argument, COMMON variable and the I/O state", () => {
  const f = flowsOf(`subroutine caller(x, n)
  integer n
  real x, g, unused
  common /blk/ g, unused
  call ext(x, n + 1)
  x = x + g
end subroutine
`);
  const c = f.get("caller")!;
  const desc = c.cfg.refs.refs.filter((r) => r.origin === "call").map((r) => `${r.kind}:${r.sym?.name ?? c.cfg.vars.vars[r.var]!.name}`);
  // n + 1 is a value: read, never written. `unused` is never named by the caller: no reference.
  assert.deepEqual(desc, ["use:x", "use:g", "use:(io)", "def:(io)", "def:x", "def:g"]);
  assert.equal(c.summary.unknown, true);
  assert.equal(c.summary.io, true);
  // x is read by the call first, and written on every path by the last statement.
  assert.deepEqual(c.summary.formals[0], { use: true, euse: true, mod: true, ddef: true, exactBytes: 4 });
});

test("recursive procedures assume the worst for calls inside their cycle", () => {
  const f = flowsOf(`recursive subroutine a(x)
  real x
  x = x - 1.0
  if (x > 0.0) call b(x)
end subroutine

recursive subroutine b(y)
  real y
  call a(y)
end subroutine
`);
  assert.equal(f.get("a")!.summary.unknown, true);
  assert.equal(f.get("b")!.summary.unknown, true);
});

test("internal procedures see their host's variables: the host's calls to them read and write those", () => {
  const f = flowsOf(`subroutine host(n, out)
  integer n, i
  real out, acc
  acc = 0.0
  do i = 1, n
    call add(i)
  end do
  out = acc
contains
  subroutine add(k)
    integer k
    acc = acc + real(k)
  end subroutine
end subroutine
`);
  const h = f.get("host")!;
  const loop = h.regions.loops[0]!;
  const acc = loop.scalars.find((s) => s.name === "acc")!;
  assert.equal(acc.class, "carried", "acc is read and written by add at every iteration");
  const add = f.get("add")!;
  assert.ok([...add.summary.shared.values()].some((e) => e.sym.name === "acc" && e.use && e.mod));
});

test("I/O on a path that can only end the run (a message, then STOP) does not make a procedure do I/O; I/O that returns does", () => {
  const f = flowsOf(`subroutine check(n, x)
  integer n
  real x
  if (n < 1) then
    write (*, *) 'check: bad n', n
    call report(n)
    stop
  end if
  x = real(n)
end subroutine

subroutine report(n)
  integer n
  print *, 'n =', n
end subroutine

subroutine warn(n, x)
  integer n
  real x
  if (n < 1) write (*, *) 'warn: small n', n
  x = real(n)
end subroutine

subroutine spin(n)
  integer n
10 continue
  if (n < 1) then
    write (*, *) 'spin'
    goto 10
  end if
end subroutine

subroutine caller(n, x)
  integer n
  real x
  call warn(n, x)
end subroutine
`);
  assert.equal(f.get("check")!.summary.io, false, "its message and report's are followed by STOP");
  assert.equal(f.get("check")!.summary.unknown, false);
  assert.equal(f.get("report")!.summary.io, true);
  assert.equal(f.get("warn")!.summary.io, true, "the warning returns: later I/O follows it");
  assert.equal(f.get("spin")!.summary.io, true, "a cycle never reaches STOP");
  assert.equal(f.get("caller")!.summary.io, true, "a callee's I/O that returns is the caller's");
});

test("a plane written by an earlier iteration covers the next plane's reads, asked from an inner loop (the first walk made on demand)", () => {
  // a(i, jm) with jm = j - 1 set in the j body: the read is covered by the previous iteration of j (and the
  // plane 0 written before the loop), found from within the i loop; b is written in the j loop but no read
  // asks about it; c's reads of plane j - 1 are exposed, its plane 0 not written first.
  const src = (first: string) => `subroutine s(a, c, n)
  integer n, i, j, jm
  double precision a(100, 0:100), c(100, 0:100), b(100)
  ${first}
  do j = 1, n
    jm = j - 1
    do i = 1, n
      b(i) = 2.0d0
      a(i, j) = a(i, jm) + b(i)
      c(i, j) = c(i, jm) + 1.0d0
    end do
  end do
end subroutine
`;
  const euse = (first: string) => flowsOf(src(first)).get("s")!.summary.regions!.formals.slice(0, 2).map((r) => r!.euse.length);
  assert.deepEqual(euse(`do i = 1, n
    a(i, 0) = 1.0d0
  end do`), [0, 1]);
  assert.deepEqual(euse(""), [1, 1]);
});
