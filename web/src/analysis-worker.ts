import { access, cParserReady, deps, explain, initCParser, parallelize, type Options } from "doall";
import type { Answer, Request, RunOptions } from "./protocol.js";

/**
 * The analysis worker: doall's whole analyzer, run off the page's thread
 * so that a long analysis never freezes the page (the page can terminate
 * this worker to cancel one). Between the stages of an analysis the
 * worker yields, so a graph asked for in the meantime is not stuck
 * behind the explanations.
 */

const scope = self as unknown as { postMessage(a: Answer): void; onmessage: ((e: MessageEvent<Request>) => void) | null };

/** The C parser's wasm files, served next to this script (web/build.js copies them). */
async function loadCParser(): Promise<void> {
  if (cParserReady()) return;
  const bytes = async (name: string) => {
    const res = await fetch(new URL(name, self.location.href));
    if (!res.ok) throw new Error(`cannot load ${name}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  // A function: the first call fetches the files, a call meanwhile (a graph asked for) waits for it.
  await initCParser(async () => ({ runtime: await bytes("tree-sitter.wasm"), language: await bytes("tree-sitter-c.wasm") }));
}

function apiOptions(o: RunOptions): Options {
  return { boundsAssumption: o.boundsAssumption, defines: o.defines };
}

const yieldToQueue = () => new Promise<void>((r) => setTimeout(r, 0));

async function handle(req: Request): Promise<void> {
  const t0 = performance.now();
  const ms = () => Math.round(performance.now() - t0);
  if (req.path.endsWith(".c")) await loadCParser();
  const files = [{ path: req.path, text: req.text }];
  const options = apiOptions(req.options);
  if (req.kind === "deps") {
    const d = deps(files, { ...options, loop: req.loop, arrays: true });
    scope.postMessage({ id: req.id, stage: "deps", loop: req.loop, report: d.report, diagnostics: d.diagnostics, ms: ms() });
    return;
  }
  const p = parallelize(files, options);
  scope.postMessage({ id: req.id, stage: "parallelized", output: p.files[0]?.text ?? null, report: p.report.files[0]!, ms: ms() });
  await yieldToQueue();
  scope.postMessage({ id: req.id, stage: "explained", loops: explain(files, options).loops, ms: ms() });
  await yieldToQueue();
  scope.postMessage({ id: req.id, stage: "access", report: access(files, options).report.files[0] ?? null, ms: ms() });
  scope.postMessage({ id: req.id, stage: "done", ms: ms() });
}

const run = (req: Request) =>
  handle(req).catch((err: unknown) => {
    scope.postMessage({ id: req.id, stage: "failed", message: err instanceof Error ? err.message : String(err) });
  });

// Analyses one at a time, in the order received; a graph at once (it is
// stateless and small), so it can come between two stages of an analysis.
let queue = Promise.resolve();
scope.onmessage = (e) => {
  const req = e.data;
  if (req.kind === "deps") void run(req);
  else queue = queue.then(() => run(req));
};
