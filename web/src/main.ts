import type { AccessFileReport, DepsFileReport, DiagnosticReport, LoopReport } from "doall";
import { AnalysisClient } from "./analysis-client.js";
import { ProgramEditor } from "./editor.js";
import { EXAMPLES } from "./examples.js";
import { GraphClient } from "./graph-client.js";
import { GraphView } from "./graph-view.js";
import { LANGS, langOf, MAX_PLAYGROUND_CHARS, overLimitAt, parseDefines, type LangId } from "./languages.js";
import { OutputView, type OutputMode } from "./output-view.js";
import { renderAccess, renderExplanation, renderMessages } from "./panels.js";
import type { Answer, RunOptions } from "./protocol.js";
import { decodeState, encodeState, MAX_FRAGMENT, type PageState } from "./url-state.js";
import { loopAt, verdictCounts, verdictOf, type LoopVerdict } from "./verdicts.js";

/**
 * The playground page: the program editor, doall's output, and for the
 * loop under the cursor its explanation, dependence graph and access
 * patterns. Everything runs in this tab: the analyzer in a worker
 * (analysis-worker.ts), Graphviz in another; nothing is sent anywhere.
 */

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const ui = {
  example: $<HTMLSelectElement>("example"),
  lang: $<HTMLSelectElement>("language"),
  bounds: $<HTMLInputElement>("bounds"),
  defines: $<HTMLInputElement>("defines"),
  share: $<HTMLButtonElement>("share"),
  run: $<HTMLButtonElement>("run"),
  cancel: $<HTMLButtonElement>("cancel"),
  status: $("status"),
  messages: $("messages"),
  loopTitle: $("loop-title"),
  explanation: $("explanation"),
  graph: $("graph"),
  access: $("access"),
  views: [...document.querySelectorAll<HTMLInputElement>("input[name=view]")],
};

/** One analysis of one text, filled in as the worker's answers come. */
interface Analysis {
  id: number;
  text: string;
  path: string;
  lang: LangId;
  options: RunOptions;
  /** The "parallelized" answer came: loops, verdicts, output and diagnostics are filled. */
  reported: boolean;
  lines: string[];
  loops: LoopReport[];
  verdicts: LoopVerdict[];
  output: string | null;
  diagnostics: DiagnosticReport[];
  explained: Map<number, string> | null;
  access: AccessFileReport | null;
  accessDone: boolean;
  deps: Map<number, DepsFileReport>;
}

let current: Analysis | null = null;
/** The editor's text differs from the one `current` analyzed. */
let stale = false;
let pendingDeps: { id: number; loop: number } | null = null;
let lang: LangId = "fixed";
let view: OutputMode = "side";
let runTimer: ReturnType<typeof setTimeout> | undefined;
let tick: ReturnType<typeof setInterval> | undefined;

const client = new AnalysisClient(new URL("analysis-worker.js", import.meta.url), { answer: onAnswer, stopped: onStopped, busy: onBusy });
const graph = new GraphView(ui.graph, new GraphClient(new URL("graph-worker.js", import.meta.url)));
const output = new OutputView($("output"));
const editor = new ProgramEditor($("input"), "", lang, {
  changed(text) {
    stale = true;
    if (ui.example.value && EXAMPLES.find((e) => e.id === ui.example.value)?.text !== text) ui.example.value = "";
    if (current) editor.showVerdicts(current.verdicts, true);
    clearTimeout(runTimer);
    runTimer = setTimeout(run, 350);
  },
  cursorLine: () => queueMicrotask(updateDetails),
});

function setStatus(state: string, text: string): void {
  ui.status.dataset.state = state;
  ui.status.textContent = text;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function runOptions(): RunOptions | { error: string } {
  const l = langOf(lang)!;
  const d = l.preprocessed ? parseDefines(ui.defines.value) : { defines: {} };
  if ("error" in d) return d;
  return { boundsAssumption: ui.bounds.checked, defines: d.defines };
}

function showProblem(state: string, status: string, diags: DiagnosticReport[]): void {
  current = null;
  stale = false;
  editor.showVerdicts([]);
  editor.showDiagnostics(diags.filter((d) => d.line !== null));
  renderMessages(ui.messages, diags, (l, c) => editor.goTo(l, c));
  output.showMessage(diags.map((d) => d.message).join("\n"));
  setStatus(state, status);
  updateDetails();
}

/** Analyzes what the editor holds now (the latest request wins); the link follows. */
function run(): void {
  clearTimeout(runTimer);
  saveState();
  const text = editor.text;
  const path = langOf(lang)!.path;
  const over = overLimitAt(text);
  if (over) {
    client.abandon();
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    const message = `the program is ${mb(text.length)}: the playground analyzes at most ${mb(MAX_PLAYGROUND_CHARS)}, and this is where that limit falls. The command line reads up to 5 MB: npx doall parallelize ${path} -o out`;
    showProblem("error", "Not analyzed: the program is over the playground's size limit.", [{ id: "playground-size", severity: "error", message, file: path, line: over.line, column: over.column }]);
    return;
  }
  const options = runOptions();
  if ("error" in options) {
    client.abandon();
    showProblem("error", "Not analyzed: the -D option is not valid.", [{ id: "playground-option", severity: "error", message: options.error, file: null, line: null, column: null }]);
    return;
  }
  const id = client.analyze({ path, text, options });
  current = { id, text, path, lang, options, reported: false, lines: text.split("\n"), loops: [], verdicts: [], output: null, diagnostics: [], explained: null, access: null, accessDone: false, deps: new Map() };
  stale = false;
  pendingDeps = null;
  // For the browser test: which run the status is about.
  ui.status.dataset.run = String(id);
  delete ui.status.dataset.msParallelized;
  delete ui.status.dataset.msDone;
}

function onBusy(running: boolean): void {
  clearInterval(tick);
  ui.cancel.hidden = true;
  if (!running) return;
  const started = performance.now();
  setStatus("running", "Analyzing…");
  // The page stays live while the worker computes: the time ticks, and after a moment the run can be cancelled.
  tick = setInterval(() => {
    const ms = performance.now() - started;
    if (ms > 250) ui.cancel.hidden = false;
    if (ui.status.dataset.state === "running") ui.status.textContent = `Analyzing… ${(ms / 1000).toFixed(1)} s`;
  }, 100);
}

function onStopped(why: string, ms: number): void {
  const message = `${why} after ${seconds(ms)}. Edit the program or press Run to analyze it again.`;
  showProblem("stopped", `Analysis ${why}.`, [{ id: "playground-stopped", severity: "error", message, file: null, line: null, column: null }]);
}

function onAnswer(a: Answer): void {
  if (a.stage === "deps") {
    if (!current || !pendingDeps || a.id !== pendingDeps.id) return;
    pendingDeps = null;
    current.deps.set(a.loop, a.report);
    updateDetails();
    return;
  }
  const c = current;
  if (!c || a.id !== c.id) return;
  switch (a.stage) {
    case "parallelized": {
      c.loops = a.report.loops.filter((l) => l.file === c.path);
      c.verdicts = c.loops.map(verdictOf);
      c.output = a.output;
      c.diagnostics = a.report.diagnostics;
      c.reported = true;
      if (!stale) {
        editor.showVerdicts(c.verdicts);
        editor.showDiagnostics(c.diagnostics.filter((d) => d.line !== null && (d.file === null || d.file === c.path)));
      }
      renderMessages(ui.messages, c.diagnostics, (l, col) => editor.goTo(l, col));
      showOutput();
      ui.status.dataset.msParallelized = String(a.ms);
      ui.status.dataset.loops = String(c.loops.length);
      setStatus("explaining", `${summary(c)}. Analyzed in ${seconds(a.ms)}; explaining…`);
      updateDetails();
      break;
    }
    case "explained": {
      const m = new Map<number, string>();
      for (const l of a.loops) if (l.file === c.path) m.set(l.line, m.has(l.line) ? `${m.get(l.line)}\n${l.text}` : l.text);
      c.explained = m;
      updateDetails();
      break;
    }
    case "access":
      c.access = a.report;
      c.accessDone = true;
      updateDetails();
      break;
    case "done": {
      ui.status.dataset.msDone = String(a.ms);
      setStatus("done", `${summary(c)}. Analyzed in ${seconds(Number(ui.status.dataset.msParallelized))}, explained in ${seconds(a.ms)}.`);
      break;
    }
    case "failed":
      showProblem("error", "doall failed on this program (a bug in doall, not in the program).", [{ id: "internal-error", severity: "error", message: `internal error: ${a.message}`, file: null, line: null, column: null }]);
      break;
  }
}

/** The counts of the status line, after the errors if any. */
function summary(c: Analysis): string {
  const errors = c.diagnostics.filter((d) => d.severity === "error").length;
  const head = errors ? `${errors} error${errors === 1 ? "" : "s"}: no directive written (see the messages). ` : "";
  return head + verdictCounts(c.verdicts);
}

function showOutput(): void {
  const c = current;
  if (!c) return;
  if (c.output === null) output.showMessage("(no output: the program could not be read; see the messages)");
  else output.show(c.text, c.output, c.lang, c.path, view);
  if (view === "side") output.reveal(editor.cursorLine);
}

let shownLoop: number | null = null;

/** The panes for the loop under the cursor. */
function updateDetails(): void {
  const c = current;
  const line = editor.cursorLine;
  const loop = c ? loopAt(c.loops, line) : undefined;
  editor.focusLoop(loop && !stale ? loop : null);
  if (view === "side" && shownLoop !== (loop?.line ?? null)) output.reveal(line);
  shownLoop = loop?.line ?? null;
  if (!c || !c.reported) {
    ui.loopTitle.textContent = "Loop under the cursor";
    delete ui.loopTitle.dataset.verdict;
    const note = c ? "Analyzing…" : "No analysis.";
    renderExplanation(ui.explanation, null, note);
    renderAccess(ui.access, null, null, note);
    graph.message(note);
    return;
  }
  if (!loop) {
    ui.loopTitle.textContent = "Loop under the cursor";
    delete ui.loopTitle.dataset.verdict;
    const note = c.loops.length ? `Put the cursor in a loop (${verdictCounts(c.verdicts)}).` : "This program has no loop.";
    renderExplanation(ui.explanation, null, note);
    renderAccess(ui.access, null, null, "Put the cursor in a loop to see how its array references walk through memory.");
    graph.message("Put the cursor in a loop to see its dependence graph.");
    return;
  }
  const v = c.verdicts[c.loops.indexOf(loop)]!;
  ui.loopTitle.textContent = `Loop at line ${loop.line}${stale ? " (before your last edit)" : ""}`;
  ui.loopTitle.dataset.verdict = v.verdict;
  renderExplanation(ui.explanation, c.explained?.get(loop.line) ?? null, c.explained ? "No explanation for this loop." : `${v.summary}. Explaining…`);
  renderAccess(ui.access, c.access, loop.line, c.accessDone ? "No access patterns." : "Computing the access patterns…");
  const deps = c.deps.get(loop.line);
  if (deps) void graph.show(deps, loop.line, c.lines);
  else if (stale) graph.message("The graph waits for the analysis of your edit.");
  else if (!pendingDeps || pendingDeps.loop !== loop.line) {
    graph.message("Computing the dependence graph…");
    pendingDeps = { id: client.deps({ path: c.path, text: c.text, options: c.options, loop: loop.line }), loop: loop.line };
  }
}

// ---- the page's state in its URL ----

function pageState(): PageState {
  return { lang, code: editor.text, bounds: ui.bounds.checked, defines: ui.defines.value, view };
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** Puts the state in the address bar (soon: typing is not slowed), or takes the last one out when the program is too large for a link. */
function saveState(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void writeState(), 300);
}

async function writeState(): Promise<boolean> {
  const enc = await encodeState(pageState());
  const fits = enc.length <= MAX_FRAGMENT;
  history.replaceState(null, "", fits ? `#${enc}` : location.pathname + location.search);
  ui.share.disabled = !fits;
  ui.share.title = fits ? "Copy a link to this program and its options" : "This program is too large to put in a link.";
  return fits;
}

function applyState(s: PageState): void {
  lang = s.lang;
  ui.lang.value = lang;
  ui.bounds.checked = s.bounds;
  ui.defines.value = s.defines;
  view = s.view;
  for (const r of ui.views) r.checked = r.value === view;
  editor.setLanguage(lang);
  editor.setText(s.code);
  const ex = EXAMPLES.find((e) => e.text === s.code && e.lang === s.lang);
  ui.example.value = ex ? ex.id : "";
  syncDefines();
  run();
}

function loadExample(id: string): void {
  const ex = EXAMPLES.find((e) => e.id === id) ?? EXAMPLES[0]!;
  applyState({ lang: ex.lang, code: ex.text, bounds: ui.bounds.checked, defines: "", view });
}

async function loadFromUrl(): Promise<void> {
  if (!location.hash || location.hash === "#") {
    loadExample(EXAMPLES[0]!.id);
    return;
  }
  const s = await decodeState(location.hash);
  if ("error" in s) {
    loadExample(EXAMPLES[0]!.id);
    renderMessages(ui.messages, [{ id: "playground-link", severity: "warning", message: `${s.error}: showing an example instead`, file: null, line: null, column: null }], () => {});
    return;
  }
  applyState(s);
}

function syncDefines(): void {
  const pre = langOf(lang)!.preprocessed;
  ui.defines.disabled = !pre;
  ui.defines.title = pre ? "-D NAME or NAME=VALUE, separated by blanks" : "-D applies to C and to preprocessed Fortran (.F, .F90)";
}

// ---- controls ----

ui.example.replaceChildren(new Option("(your program)", ""), ...EXAMPLES.map((e) => new Option(e.name, e.id)));
ui.lang.replaceChildren(...LANGS.map((l) => new Option(l.label, l.id)));
ui.example.addEventListener("change", () => {
  if (ui.example.value) loadExample(ui.example.value);
});
ui.lang.addEventListener("change", () => {
  lang = ui.lang.value as LangId;
  editor.setLanguage(lang);
  syncDefines();
  run();
});
ui.bounds.addEventListener("change", run);
ui.defines.addEventListener("input", () => {
  clearTimeout(runTimer);
  runTimer = setTimeout(run, 500);
});
for (const r of ui.views)
  r.addEventListener("change", () => {
    view = r.value === "diff" ? "diff" : "side";
    showOutput();
    saveState();
  });
ui.run.addEventListener("click", run);
ui.cancel.addEventListener("click", () => client.cancel());
ui.share.addEventListener("click", async () => {
  clearTimeout(saveTimer);
  if (!(await writeState())) return;
  try {
    await navigator.clipboard.writeText(location.href);
    ui.share.textContent = "Link copied";
  } catch {
    ui.share.textContent = "Link in the address bar";
  }
  setTimeout(() => (ui.share.textContent = "Copy link"), 2000);
});
window.addEventListener("hashchange", () => void loadFromUrl());
$("version").textContent = `doall ${DOALL_VERSION}`;

void loadFromUrl();
