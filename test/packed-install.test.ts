import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Issue 18: the documented API works from the package a user installs. The
 * package is made as `npm pack` makes it (its `prepare` builds dist/, its
 * `files` choose what ships), installed into a fresh project, and every
 * example of docs/api.md is run there with node and its output compared
 * with the block under it, so the document cannot rot; the examples are
 * also type-checked against the published .d.ts files.
 *
 * The package is packed from a copy of the sources, not from the checkout:
 * packing builds dist/, which other tests running at the same time read.
 */
const ROOT = fileURLToPath(new URL("..", import.meta.url));

interface Example {
  line: number;
  code: string;
  output: string | null;
}

/** The ```js blocks of the document, each with the ```output block right after it, if any. */
function examples(markdown: string): Example[] {
  const blocks: { info: string; body: string; line: number }[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    while (++i < lines.length && lines[i] !== "```") body.push(lines[i]!);
    blocks.push({ info: open[1]!.trim(), body: body.join("\n") + "\n", line: start + 1 });
  }
  const out: Example[] = [];
  blocks.forEach((b, k) => {
    if (b.info !== "js") return;
    const next = blocks[k + 1];
    out.push({ line: b.line, code: b.body, output: next?.info === "output" ? next.body : null });
  });
  return out;
}

function run(cmd: string, args: string[], cwd: string): string {
  // Bounded: the test's own timeout cannot interrupt a synchronous spawn (an npm install stuck on the network).
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", timeout: 300_000, killSignal: "SIGKILL", env: { ...process.env, npm_config_update_notifier: "false" } });
  assert.equal(r.status, 0, `${cmd} ${args.join(" ")} (in ${cwd}) failed${r.error ? ` (${r.error.message})` : ""}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

test("the examples of docs/api.md run from a packed install and print what the document shows", { timeout: 180_000 }, () => {
  const doc = readFileSync(join(ROOT, "docs/api.md"), "utf8");
  const cases = examples(doc);
  assert.ok(cases.length >= 5, `docs/api.md has ${cases.length} runnable examples`);
  const work = mkdtempSync(join(tmpdir(), "doall-pack-"));
  try {
    // What `npm pack` needs to build: the sources and the build's own files.
    const stage = join(work, "stage");
    for (const p of ["package.json", "README.md", "docs/api.md", "bin", "examples", "src", "scripts/bundle.js", "scripts/compile.js", "scripts/indexed-loops.js", "tsconfig.json", "tsconfig.build.json"]) cpSync(join(ROOT, p), join(stage, p), { recursive: true });
    symlinkSync(join(ROOT, "node_modules"), join(stage, "node_modules"), "dir");
    run("npm", ["pack", "--silent", "--pack-destination", work], stage);
    const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
    assert.ok(tarball, "npm pack made no tarball");

    // A new project that installs the tarball (its dependencies from npm's cache when there).
    const app = join(work, "app");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "doall-user", private: true, type: "module" }));
    run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--silent", join(work, tarball)], app);

    cases.forEach((c, k) => writeFileSync(join(app, `example-${k + 1}.mjs`), c.code));
    cases.forEach((c, k) => {
      const stdout = run(process.execPath, [`example-${k + 1}.mjs`], app);
      if (c.output !== null) assert.equal(stdout, c.output, `docs/api.md:${c.line}: the example printed something else`);
    });

    // The examples type-check against the package's own declarations ("doall" and "doall/node" through `exports`).
    const tsconfig = {
      compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", allowJs: true, checkJs: true, noEmit: true, strict: true, skipLibCheck: true, types: ["node"], typeRoots: [join(ROOT, "node_modules/@types")] },
      include: ["example-*.mjs"],
    };
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify(tsconfig));
    run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], app);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
