import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { RULES } from "./rules.js";

// docs/rules.md documents every rule, under its id, with its flags; nothing else.
test("docs/rules.md has a section for each rule id, marked fixable and placement as the table says", () => {
  const doc = readFileSync(new URL("../../docs/rules.md", import.meta.url), "utf8");
  const sections = [...doc.matchAll(/^## (\S+)(?: \(([^)]*)\))?$/gm)].map((m) => ({ id: m[1]!, flags: (m[2] ?? "").split(", ").filter(Boolean) }));
  assert.deepEqual(sections.map((s) => s.id).sort(), Object.keys(RULES).sort());
  for (const s of sections) {
    const r = RULES[s.id as keyof typeof RULES];
    assert.equal(s.flags.includes("fixable"), r.fixable, `${s.id}: fixable`);
    assert.equal(s.flags.includes("placement"), r.placement, `${s.id}: placement`);
  }
});
