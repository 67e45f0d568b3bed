import { test } from "node:test";
import { checkSpec } from "./test-support/soundness-case.js";
import type { NestSpec } from "./test-support/random-nest.js";

/**
 * A case the C-layout soundness property found (seed -242408507): two
 * loops of step m (run at m = -1) around writes whose row subscripts leave
 * their bounds. The pair is independent assuming m >= 1 (the loops are then
 * empty); laid out again with the steps unknown, its subscripts give no
 * equation, so any direction may hold, `(*, *, *)`. stepFree (analyze.ts)
 * took a "*" before a level as never "=", called every level free of the
 * step, and the inner loop was reported parallel with no check, while at
 * m = -1 the two writes meet in different iterations of it.
 */
const spec: NestSpec = {"lang": "c", "loops": [{"lo": {"k": "c", "v": 2}, "hi": {"k": "c", "v": 0}, "step": 1, "stepM": true}, {"lo": {"k": "c", "v": 0}, "hi": {"k": "c", "v": 0}, "step": 1}, {"lo": {"k": "c", "v": 2}, "hi": {"k": "c", "v": 0}, "step": 1, "stepM": true}], "dims": [[0, 1], [0, 1]], "inner": [{"guard": null, "lhs": {"subs": [{"k": "+", "l": {"k": "+", "l": {"k": "+", "l": {"k": "+", "l": {"k": "+", "l": {"k": "c", "v": 0}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 0}}}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 1}}}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 2}}}, "r": {"k": "s", "name": "k"}}, "r": {"k": "*", "l": {"k": "c", "v": -1}, "r": {"k": "*", "l": {"k": "i", "level": 0}, "r": {"k": "i", "level": 0}}}}, {"k": "+", "l": {"k": "+", "l": {"k": "+", "l": {"k": "c", "v": 0}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 0}}}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 1}}}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 2}}}]}, "rhs": []}, {"guard": null, "lhs": {"subs": [{"k": "+", "l": {"k": "+", "l": {"k": "+", "l": {"k": "c", "v": -1}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 0}}}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 1}}}, "r": {"k": "s", "name": "k"}}, {"k": "+", "l": {"k": "+", "l": {"k": "+", "l": {"k": "c", "v": 0}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 0}}}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 1}}}, "r": {"k": "*", "l": {"k": "c", "v": -2}, "r": {"k": "i", "level": 2}}}]}, "rhs": []}], "outer": null, "iv": {"init": 0, "step": 1}};
const envs = [{"n": 0, "m": -1}, {"n": 0, "m": 0}];

test("a loop of unknown step is not step-free when the pair, laid out again, may be carried anywhere", () => {
  checkSpec(spec, envs, { pairs: 0, collisions: 0, independentClaims: 0 }, false);
});
