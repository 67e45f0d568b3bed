import { test } from "node:test";
import assert from "node:assert/strict";
import { phase, startPhases, stopPhases } from "./phases.js";

test("an inner phase's time is charged to it alone, and time outside every phase to none", () => {
  let now = 0;
  const times = startPhases(() => now);
  now = 5; // outside: not counted
  phase("plan", () => {
    now += 2;
    phase("deps", () => void (now += 10));
    now += 3;
    phase("ranges", () => phase("deps", () => void (now += 1)));
  });
  stopPhases();
  assert.equal(times.plan, 5);
  assert.equal(times.deps, 11);
  assert.equal(times.ranges, 0);
  assert.equal(times.read, 0);
});

test("with no clock installed a phase only runs its function; a throw still leaves the phase", () => {
  assert.equal(phase("read", () => 42), 42);
  let now = 0;
  const times = startPhases(() => now);
  assert.throws(() => phase("lower", () => { now = 4; throw new Error("x"); }));
  phase("emit", () => void (now = 6));
  stopPhases();
  assert.equal(times.lower, 4);
  assert.equal(times.emit, 2);
});
