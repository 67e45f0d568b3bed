import { test } from "node:test";
import assert from "node:assert/strict";
import { Limiter } from "./limiter.js";

test("never more than `size` tasks at once, all run, errors propagate and free the slot", async () => {
  const lim = new Limiter(2);
  let active = 0;
  let peak = 0;
  const task = (ms: number, fail = false) => async () => {
    active++;
    peak = Math.max(peak, active);
    await new Promise((r) => setTimeout(r, ms));
    active--;
    if (fail) throw new Error("boom");
    return ms;
  };
  const results = await Promise.allSettled([5, 1, 3, 2, 4, 1].map((ms, i) => lim.run(task(ms, i === 2))));
  assert.equal(peak, 2);
  assert.deepEqual(results.map((r) => r.status), ["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
  assert.throws(() => new Limiter(0));
});
