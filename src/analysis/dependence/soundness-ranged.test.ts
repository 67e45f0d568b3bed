// Property test of the dependence analysis with value ranges against brute
// force: the random nests of soundness-fortran.test.ts, analyzed for each
// assignment of the dummies n and m with the ranges told those values on
// entry. The problems then take n and m as numbers (an n * i subscript is
// affine) and bound the values each loop instance starts with; whatever
// doall answers must still cover every real dependence.
import { before, test } from "node:test";
import { ensureCParser } from "../../node/c-parser-node.js";
import { soundnessProperty } from "./test-support/soundness-case.js";

before(() => ensureCParser());

test("soundness against brute force with n and m known on entry: Fortran layout (HIR), 800 nests", () => soundnessProperty("fortran", false, 800, true));

test("soundness against brute force with n and m known on entry: C source through the front end, 500 nests", () => soundnessProperty("c", true, 500, true));
