import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { buildSite, sizeTable } from "../../web/build.js";
import { serveStatic } from "../../web/serve.js";
import { bigFortran } from "./big-program.js";

/**
 * Issue 18 §4: the playground in a real browser. The site is built as
 * `npm run web` builds it, served from 127.0.0.1 by web/serve.js, and
 * Debian's Chromium (driven by playwright-core) loads it, types a program
 * and checks the directives, a verdict in the gutter, the explanation of
 * the loop under the cursor and the drawn dependence graph. Bad input (a
 * syntax error, a binary paste, a 2 MB program) must give a positioned
 * message and leave the page responsive. A screenshot is kept in
 * test-results/playground.png; the time to analyze a 5,000-line file is
 * printed (a figure, not asserted), with the sizes of the site's files.
 */

// The code run in the page (page.evaluate, waitForFunction) sees the DOM. This file is type-checked
// without the DOM's types (the core must not use the DOM), so the few names it uses are declared here.
declare const document: {
  getElementById(id: string): { dataset: Record<string, string | undefined> } | null;
  querySelector(selector: string): { dispatchEvent(e: unknown): boolean } | null;
};
declare const location: { hash: string };
declare class DataTransfer {
  setData(type: string, data: string): void;
}
declare class ClipboardEvent {
  constructor(type: string, init: { clipboardData: DataTransfer; bubbles: boolean; cancelable: boolean });
}
declare function requestAnimationFrame(f: () => void): number;

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const ARTIFACTS = join(ROOT, "test-results");

function findChromium(): string {
  const given = process.env.DOALL_CHROMIUM;
  if (given) {
    if (!existsSync(given)) throw new Error(`DOALL_CHROMIUM=${given}: no such file`);
    return given;
  }
  const found = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => existsSync(p));
  if (!found) throw new Error("the playground's browser tests need Chromium: install it with `apt-get install -y chromium` (Debian; .ci/run does), or set DOALL_CHROMIUM to a Chromium or Chrome executable");
  return found;
}

const TYPED = [
  "subroutine smooth(n, a, b, s)",
  "integer :: n, i",
  "real :: a(n), b(n), s",
  "s = 0.0",
  "do i = 2, n - 1",
  "b(i) = (a(i-1) + a(i) + a(i+1)) / 3.0",
  "s = s + b(i)",
  "end do",
  "do i = 2, n",
  "a(i) = a(i-1) + b(i)",
  "end do",
  "end subroutine",
];

let browser: Browser;
let page: Page;
let site: { url: string; close(): Promise<void> };
let outdir: string;
let siteTable = "";
/** Uncaught exceptions in the page: there must be none. */
const pageErrors: string[] = [];
/** Every URL the page and its workers asked for: only the site's own files. */
const requests: string[] = [];

/** The number of the last analysis started, to wait for a later one. */
async function lastRun(p: Page): Promise<number> {
  return Number((await p.getAttribute("#status", "data-run")) ?? 0);
}

async function waitDone(p: Page, after: number, timeout = 60_000): Promise<void> {
  await p.waitForFunction(
    (n) => {
      const s = document.getElementById("status")!;
      return Number(s.dataset.run ?? 0) > n && s.dataset.state === "done";
    },
    after,
    { timeout },
  );
}

/** Replaces the program by pasting `text` (a real paste event, as from the clipboard). */
async function paste(p: Page, text: string): Promise<void> {
  await p.locator("#input .cm-content").click();
  await p.keyboard.press("Control+A");
  await p.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData("text/plain", t);
    document.querySelector("#input .cm-content")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

/** How long the page takes to answer a trivial evaluation: a frozen page does not answer. */
async function responsiveMs(p: Page): Promise<number> {
  const t = performance.now();
  await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  return performance.now() - t;
}

describe("the playground in Chromium", { timeout: 300_000 }, () => {
  before(async () => {
    const executablePath = findChromium();
    outdir = mkdtempSync(join(tmpdir(), "doall-web-"));
    const sizes = await buildSite({ outdir });
    siteTable = sizeTable(sizes);
    site = await serveStatic(outdir);
    browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
    page = await browser.newPage({ viewport: { width: 1400, height: 1100 } });
    page.on("pageerror", (e) => pageErrors.push(e.message));
    page.on("console", (m) => m.type() === "error" && pageErrors.push(`console: ${m.text()}`));
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(site.url);
    // The first example is analyzed as the page opens.
    await waitDone(page, 0);
  });

  after(async () => {
    await browser?.close();
    await site?.close();
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  it("types a program and shows the directives, the verdicts, the explanation and the graph", async (t) => {
    t.diagnostic("the playground's files (bytes, gzipped):");
    for (const line of siteTable.split("\n")) t.diagnostic(line);
    await page.selectOption("#language", "free");
    await page.locator("#input .cm-content").click();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    const before = await lastRun(page);
    await page.keyboard.type(TYPED.join("\n"));
    await waitDone(page, before);

    // The directives: the stencil's loop with its reduction, and none on the recurrence.
    const out = await page.locator("#output .cm-content").innerText();
    assert.match(out, /!\$omp parallel do reduction\(\+:s\)[^\n]*\ndo i = 2, n - 1/);
    assert.equal(out.match(/!\$omp parallel do/g)?.length, 1, out);
    // The gutter: line 5 parallel with its directive, line 9 serial.
    assert.equal(await page.getAttribute('.cm-verdicts .verdict[data-line="5"]', "data-verdict"), "parallel");
    assert.equal(await page.getAttribute('.cm-verdicts .verdict[data-line="9"]', "data-verdict"), "serial");
    assert.match((await page.getAttribute('.cm-verdicts .verdict[data-line="9"]', "title")) ?? "", /serial: flow \(a\)/);

    // The cursor in the recurrence: its explanation, its graph, its access patterns.
    await page.locator("#input .cm-line", { hasText: "a(i) = a(i-1) + b(i)" }).click();
    await page.waitForFunction(() => document.querySelector("#explanation pre") !== null);
    assert.match(await page.innerText("#loop-title"), /^Loop at line 9/);
    const why = await page.innerText("#explanation");
    assert.match(why, /^main\.f90:9: DO i = 2, n/);
    assert.match(why, /Serial, for one cause:\n\s+\[recurrence\] the value written to a\(i\) at line 10 is read as a\(i - 1\) at line 10/);
    await page.waitForSelector("#graph[data-state=drawn] svg", { timeout: 30_000 });
    const graph = await page.$$eval("#graph svg text", (ts) => ts.map((x) => x.textContent).join("\n"));
    assert.match(graph, /10: a\(i\) = a\(i-1\) \+ b\(i\)/);
    assert.match(graph, /flow a \(<\) d=1 @9/);
    const access = await page.innerText("#access table");
    assert.match(access, /a\(i - 1\)\s+read\s+\(i, 0, 1, 1, 1, MUST\) ub n - 1/);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "playground.png"), fullPage: true });

    // The diff view: what doall added, as diff -u shows it.
    await page.check('input[name=view][value="diff"]');
    const diff = await page.locator("#output .cm-content").innerText();
    assert.match(diff, /^--- main\.f90\n\+\+\+ main\.f90 \(with directives\)\n@@ -2,\d+ \+2,\d+ @@/);
    assert.match(diff, /\n\+ *!\$omp parallel do reduction\(\+:s\)/);
    await page.check('input[name=view][value="side"]');
  });

  it("keeps the program and the options in the link", async () => {
    const hash = await page.evaluate(() => location.hash);
    const before = await lastRun(page);
    await page.uncheck("#bounds");
    const other = await browser.newPage();
    try {
      await waitDone(page, before);
      await page.waitForFunction((h) => location.hash.startsWith("#s=") && location.hash !== h, hash);
      await other.goto(page.url());
      await waitDone(other, 0);
      assert.equal(await other.inputValue("#language"), "free");
      assert.equal(await other.isChecked("#bounds"), false);
      assert.match(await other.locator("#input .cm-content").innerText(), /^subroutine smooth\(n, a, b, s\)\n/);
      assert.equal(await other.getAttribute('.cm-verdicts .verdict[data-line="9"]', "data-verdict"), "serial");
    } finally {
      await other.close();
      await page.check("#bounds");
    }
  });

  it("loads the C parser's wasm in the worker and parallelizes C", async () => {
    const before = await lastRun(page);
    await page.selectOption("#example", "vectors");
    await waitDone(page, before);
    assert.equal(await page.inputValue("#language"), "c");
    assert.match(await page.locator("#output .cm-content").innerText(), /#pragma omp parallel for reduction\(\+:s\)\n\s*for \(int i = 0; i < N; i\+\+\)\n\s*s \+= x\[i\] \* y\[i\];/);
  });

  it("gives a positioned message for a syntax error", async () => {
    await page.selectOption("#language", "free");
    const before = await lastRun(page);
    await paste(page, "program p\n  integer :: i\n  real :: a(10)\n  do i = 1, 10\n    a(i) = (i + \n  end do\nend program\n");
    await waitDone(page, before);
    const messages = await page.innerText("#messages");
    assert.match(messages, /main\.f90:5:\d+: error: /);
    assert.ok(await page.locator("#input .cm-lintRange-error").count() > 0, "the error is underlined in the editor");
    // A click on the message puts the cursor on its line.
    await page.locator("#messages a", { hasText: "main.f90:5:" }).first().click();
    assert.equal(await page.innerText("#input .cm-activeLine"), "    a(i) = (i + ");
  });

  it("gives positioned messages for a binary paste, without freezing", async () => {
    let bytes = "";
    for (let i = 0; i < 20_000; i++) bytes += String.fromCharCode((i * 7919 + 13) % 256);
    const before = await lastRun(page);
    await paste(page, bytes);
    assert.ok((await responsiveMs(page)) < 2000);
    await waitDone(page, before);
    const messages = await page.innerText("#messages");
    assert.match(messages, /main\.f90:\d+:\d+: error: /);
  });

  it("refuses a 2 MB program with a message at the line where the limit falls, without freezing", async (t) => {
    const line = "x = x + 1.0\n";
    const text = `program big\nreal :: x\n${line.repeat(Math.ceil((2 * 1024 * 1024) / line.length))}end program\n`;
    const start = performance.now();
    await paste(page, text);
    assert.ok((await responsiveMs(page)) < 2000);
    await page.waitForFunction(() => document.getElementById("status")!.dataset.state === "error", null, { timeout: 30_000 });
    const limitLine = 2 + Math.ceil((1024 * 1024 - 22) / line.length);
    const messages = await page.innerText("#messages");
    assert.match(messages, new RegExp(`^main\\.f90:${limitLine}:\\d+: error: the program is 2\\.0 MB: the playground analyzes at most 1\\.0 MB`));
    t.diagnostic(`a 2 MB paste: message after ${((performance.now() - start) / 1000).toFixed(2)} s`);
  });

  it("analyzes a 5,000-line Fortran file (timed), and can cancel an analysis", async (t) => {
    const text = bigFortran(5000);
    await page.selectOption("#language", "fixed");
    let before = await lastRun(page);
    const start = performance.now();
    await paste(page, text);
    await waitDone(page, before, 120_000);
    const wall = performance.now() - start;
    const loops = Number(await page.getAttribute("#status", "data-loops"));
    const ms = Number(await page.getAttribute("#status", "data-ms-parallelized"));
    const done = Number(await page.getAttribute("#status", "data-ms-done"));
    assert.ok(loops > 500, `${loops} loops`);
    assert.match(await page.innerText("#messages").catch(() => ""), /^$/);
    t.diagnostic(`${text.split("\n").length - 1}-line Fortran, ${loops} loops: directives and verdicts in ${(ms / 1000).toFixed(2)} s, explanations and access patterns by ${(done / 1000).toFixed(2)} s (from the paste: ${(wall / 1000).toFixed(2)} s, with the page's 0.35 s pause after an edit)`);

    // A program three times larger, cancelled as soon as Cancel shows (250 ms into a run: a warm worker
    // analyzes the 5,000 lines in about half a second, too soon to be sure to catch it).
    await paste(page, bigFortran(15000));
    await page.waitForSelector("#cancel:not([hidden])", { timeout: 10_000 });
    await page.click("#cancel");
    await page.waitForFunction(() => document.getElementById("status")!.dataset.state === "stopped");
    assert.match(await page.innerText("#messages"), /cancelled after \d+\.\d+ s\. Edit the program or press Run/);
    assert.ok((await responsiveMs(page)) < 2000);
    // Cancelling terminated the worker. Back to the first program: a new worker's first run, its code not
    // yet optimized by the JIT (what a user who pastes a large file first sees); then Run, in the same worker.
    before = await lastRun(page);
    await paste(page, text);
    await waitDone(page, before, 120_000);
    const cold = Number(await page.getAttribute("#status", "data-ms-parallelized"));
    before = await lastRun(page);
    await page.click("#run");
    await waitDone(page, before, 120_000);
    const again = Number(await page.getAttribute("#status", "data-ms-parallelized"));
    t.diagnostic(`the same file in a new worker: ${(cold / 1000).toFixed(2)} s (cold JIT), then ${(again / 1000).toFixed(2)} s`);
    assert.deepEqual(pageErrors, [], "uncaught errors in the page");
    // Nothing left the machine: the page and its workers asked for the site's files only.
    assert.ok(requests.some((u) => u.endsWith("/graph-worker.js")) && requests.some((u) => u.endsWith("/tree-sitter-c.wasm")), requests.join("\n"));
    assert.deepEqual(requests.filter((u) => !u.startsWith(site.url) && !u.startsWith("data:")), []);
  });
});
