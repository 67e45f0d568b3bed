// Property test of the whole array dependence analysis against brute force
// (issue 6, "Done when"), C source through the C front end; see
// soundness-fortran.test.ts for what is checked.
import { before, test } from "node:test";
import { ensureCParser } from "../../node/c-parser-node.js";
import { soundnessProperty } from "./test-support/soundness-case.js";

before(() => ensureCParser());

test("soundness against brute force: C source through the front end, 1,500 nests", () => soundnessProperty("c", true, 1500));
