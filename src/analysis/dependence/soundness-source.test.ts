// Property test of the whole array dependence analysis against brute force
// (issue 6, "Done when"): random small loop nests are run by an interpreter
// that records every access; doall must never say "independent" where two
// iterations touch the same element, its direction vectors must contain
// every real one, its distances must be the real ones, and a loop it calls
// parallel (or parallel when its run-time check holds) must carry no
// dependence. Four files (Fortran and C layouts as HIR, Fortran and C
// source through the front ends) run 10,000 cases together; set
// DOALL_PROPERTY_SCALE to run more.
import { test } from "node:test";
import { soundnessProperty } from "./test-support/soundness-case.js";

test("soundness against brute force: Fortran source through the front end, 2,000 nests", () => soundnessProperty("fortran", true, 2000));
