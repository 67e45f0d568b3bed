import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { memoryHost, type SourceHost } from "../../source/host.js";
import { CppCache } from "./cpp-cache.js";
import { preprocess, type PreprocessResult } from "./preprocess.js";

/**
 * The run's cache of included files changes no result: each file of a run
 * preprocesses as it does alone, also when the header depends on what the
 * includer defined, has lexer errors (reported in every includer), or the
 * host gives another text for the same path.
 */
const HEADER = `#ifndef H
#define H
#ifdef WIDE
typedef double real;
#else
typedef float real;
#endif
#define N 10
real a[N]; /* unterminated comment`;
const FILES: Record<string, string> = {
  "a.c": `#define WIDE\n#include "h.h"\nreal f(void) { return a[0]; }\n`,
  "b.c": `#include "h.h"\n#include <stdio.h>\nreal g(void) { return a[N - 1]; }\n`,
  "h.h": HEADER,
};

/** What a result says, positions included (the map as the spans of every output offset). */
function seen(r: PreprocessResult): unknown {
  const spans = Array.from({ length: r.text.length + 1 }, (_, i) => r.map.at(i));
  return { text: r.text, spans, includes: r.includes, systemIncludes: r.systemIncludes, pragmas: r.pragmas, diagnostics: r.diagnostics, macros: [...r.macros.keys()], limitHit: r.limitHit };
}

const run = (host: SourceHost, file: string, cache?: CppCache) => preprocess(file, host.readFile(file)!, host, { language: "c", includeDirs: ["inc"], ...(cache ? { cache } : {}) });

describe("CppCache", () => {
  it("preprocesses every file of a run as it does without the cache", () => {
    const host = memoryHost(FILES);
    const cache = new CppCache();
    for (const f of ["a.c", "b.c", "a.c"]) assert.deepEqual(seen(run(host, f, cache)), seen(run(host, f)));
  });

  it("reports a header's lexer errors in every file that includes it", () => {
    const host = memoryHost(FILES);
    const cache = new CppCache();
    for (const f of ["a.c", "b.c"]) assert.ok(run(host, f, cache).diagnostics.some((d) => d.id === "cpp.unterminated-comment" && d.span?.file === "h.h"));
  });

  it("lexes a path again when its text is not the one cached", () => {
    const cache = new CppCache();
    const first = cache.lex("h.h", "int a;");
    assert.equal(cache.lex("h.h", "int a;"), first);
    assert.deepEqual(cache.lex("h.h", "long b;").tokens.map((t) => t.text), ["long", "b", ";"]);
  });

  it("reads each file once per run, missing ones included", () => {
    const reads: string[] = [];
    const inner = memoryHost(FILES);
    const host: SourceHost = { ...inner, readFile: (p) => (reads.push(p), inner.readFile(p)) };
    const cache = new CppCache();
    run(host, "a.c", cache);
    run(host, "b.c", cache);
    run(host, "b.c", cache);
    const counts = new Map<string, number>();
    for (const p of reads) counts.set(p, (counts.get(p) ?? 0) + 1);
    // The inputs are read by the test; every include lookup went through the cache once.
    assert.equal(counts.get("h.h"), 1);
    assert.equal(counts.get("inc/stdio.h"), 1);
  });
});
