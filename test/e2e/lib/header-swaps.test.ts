import { test } from "node:test";
import assert from "node:assert/strict";
import { onlyHeaderSwaps } from "./header-swaps.js";

const hunk = (originalLine: number, original: string[], transformed: string[]) => ({ originalLine, original, transformedLine: originalLine, transformed });

test("two headers whose controls trade places are accepted, in one hunk or split by a marker", () => {
  assert.equal(onlyHeaderSwaps([hunk(3, ["      do 20 i = 2, n", "         do 10 j = 1, m"], ["      do 20 j = 1, m", "         do 10 i = 2, n"])], "fortran"), true);
  assert.equal(onlyHeaderSwaps([hunk(3, ["  for (i = 1; i < N; i++)"], ["  for (int j = 0; j < M; j++)"]), hunk(5, ["    for (int j = 0; j < M; j++)"], ["    for (i = 1; i < N; i++)"])], "c"), true);
});

test("a changed bound, a changed label, a changed statement or a header left as it was are refused", () => {
  assert.equal(onlyHeaderSwaps([hunk(3, ["      do 20 i = 2, n", "         do 10 j = 1, m"], ["      do 20 j = 1, m", "         do 10 i = 1, n"])], "fortran"), false);
  assert.equal(onlyHeaderSwaps([hunk(3, ["      do 20 i = 2, n", "         do 10 j = 1, m"], ["      do 10 j = 1, m", "         do 20 i = 2, n"])], "fortran"), false);
  assert.equal(onlyHeaderSwaps([hunk(3, ["      do 20 i = 2, n", "         do 10 j = 1, m"], ["      do 20 j = 1, m", "         do 10 i = 2, n"]), hunk(9, ["      x = 1"], ["      x = 2"])], "fortran"), false);
  assert.equal(onlyHeaderSwaps([hunk(3, ["      do 20 i = 2, n", "         do 10 j = 1, m"], ["      do 20 i = 2, n", "         do 10 j = 1, m"])], "fortran"), false);
});
