import type { AccessFileReport, AccessLevel, AccessReference, DiagnosticReport } from "doall";

/**
 * The panes under the editors, rendered from the API's data: the loop's
 * explanation (the text `explain()` gives, shown as it is), its access
 * patterns (from `access()`'s JSON fields), and the messages.
 */

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

export function renderExplanation(box: HTMLElement, text: string | null, note: string): void {
  box.replaceChildren(text === null ? el("p", { className: "note" }, note) : el("pre", { className: "explanation" }, text));
}

/** The references inside the loop at `loopLine`, each with its pattern at that loop (seed 001's notation). */
export function renderAccess(box: HTMLElement, report: AccessFileReport | null, loopLine: number | null, note: string): void {
  if (!report || loopLine === null) {
    box.replaceChildren(el("p", { className: "note" }, note));
    return;
  }
  const refs = report.references.filter((r) => r.loops.some((l) => l.line === loopLine));
  if (refs.length === 0) {
    box.replaceChildren(el("p", { className: "note" }, "No array reference in this loop."));
    return;
  }
  const head = el("tr", {}, ...["line", "reference", "", "at this loop: (Var, Start, Stride, Num, Velocity, Accuracy) ub", "outcome"].map((h) => el("th", {}, h)));
  const rows = refs.map((r) => {
    const level = r.levels.find((l) => l.loopLine === loopLine);
    return el("tr", { className: `access-${r.status}` }, el("td", {}, String(r.line)), el("td", { className: "code" }, r.text), el("td", {}, r.role), el("td", { className: "code" }, level ? patternText(level) : "none"), el("td", {}, outcome(r, loopLine)));
  });
  box.replaceChildren(el("table", { className: "access" }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

function patternText(p: AccessLevel): string {
  const widened = p.widened.length ? `  [widened: ${p.widened.join("; ")}]` : "";
  return `(${p.var}, ${p.start}, ${p.stride}, ${p.num}, ${p.velocity}, ${p.accuracy}) ub ${p.ub}${widened}`;
}

function outcome(r: AccessReference, loopLine: number): string {
  if (r.status === "full") return "full: every loop around it folded in";
  const stop = r.reason;
  if (!stop) return r.status;
  const here = r.levels.some((l) => l.loopLine === loopLine);
  return `${r.status}: ${here ? "stops at" : "no pattern from"} the loop at line ${stop.loopLine} (${stop.category}: ${stop.message})`;
}

/** Messages as `file:line:col: severity: message`; a positioned one moves the cursor there when clicked. */
export function renderMessages(box: HTMLElement, diags: readonly DiagnosticReport[], go: (line: number, column: number) => void): void {
  box.hidden = diags.length === 0;
  const items = diags.map((d) => {
    const where = [d.file, d.line, d.line !== null ? d.column : null].filter((x) => x !== null && x !== undefined).join(":");
    const text = `${where ? `${where}: ` : ""}${d.severity}: ${d.message}`;
    if (d.line === null) return el("li", { className: `msg msg-${d.severity}` }, text);
    const a = el("a", { href: "#", className: `msg msg-${d.severity}` }, text);
    a.dataset.line = String(d.line);
    a.addEventListener("click", (e) => {
      e.preventDefault();
      go(d.line!, d.column ?? 1);
    });
    return el("li", {}, a);
  });
  box.replaceChildren(el("ul", {}, ...items));
}
