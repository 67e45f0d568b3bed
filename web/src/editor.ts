import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics, type Diagnostic as LintDiagnostic } from "@codemirror/lint";
import { Compartment, EditorState, RangeSet, StateEffect, StateField, type Extension, type Text } from "@codemirror/state";
import { Decoration, drawSelection, EditorView, gutter, GutterMarker, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, type DecorationSet } from "@codemirror/view";
import type { DiagnosticReport } from "doall";
import type { LangId } from "./languages.js";
import { languageFor } from "./modes.js";
import type { LoopVerdict } from "./verdicts.js";

/**
 * The program editor (CodeMirror 6): syntax highlighting for the chosen
 * language, doall's verdict for each loop in a gutter, the diagnostics
 * underlined where they are, and the loop under the cursor shaded.
 */

const SYMBOL: Record<LoopVerdict["verdict"], string> = { parallel: "✓", runtime: "?", serial: "✕" };

class VerdictMarker extends GutterMarker {
  constructor(
    readonly verdicts: readonly LoopVerdict[],
    readonly stale: boolean,
  ) {
    super();
  }
  override eq(o: GutterMarker): boolean {
    return o instanceof VerdictMarker && o.stale === this.stale && o.verdicts.length === this.verdicts.length && o.verdicts.every((v, i) => v.summary === this.verdicts[i]!.summary);
  }
  override toDOM(): Node {
    // The outermost loop of the line decides the mark; the tooltip lists them all (C can start two loops on one line).
    const v = this.verdicts[0]!;
    const el = document.createElement("span");
    el.className = `verdict verdict-${v.verdict}${v.emitted ? " emitted" : ""}${this.stale ? " stale" : ""}`;
    el.dataset.verdict = v.verdict;
    el.dataset.line = String(v.line);
    el.textContent = SYMBOL[v.verdict];
    el.title = this.verdicts.map((x) => x.summary).join("\n") + (this.stale ? "\n(before your last edit)" : "");
    el.setAttribute("aria-label", el.title);
    return el;
  }
}

const setVerdicts = StateEffect.define<{ verdicts: readonly LoopVerdict[]; stale: boolean }>();

const verdictField = StateField.define<RangeSet<GutterMarker>>({
  create: () => RangeSet.empty,
  update(set, tr) {
    let out = set.map(tr.changes);
    for (const e of tr.effects) if (e.is(setVerdicts)) out = verdictMarkers(tr.state.doc, e.value.verdicts, e.value.stale);
    return out;
  },
});

function verdictMarkers(doc: Text, verdicts: readonly LoopVerdict[], stale: boolean): RangeSet<GutterMarker> {
  const byLine = new Map<number, LoopVerdict[]>();
  for (const v of verdicts) if (v.line >= 1 && v.line <= doc.lines) byLine.set(v.line, [...(byLine.get(v.line) ?? []), v]);
  const ranges = [...byLine.entries()].sort((a, b) => a[0] - b[0]).map(([line, vs]) => new VerdictMarker(vs, stale).range(doc.line(line).from));
  return RangeSet.of(ranges);
}

const setFocus = StateEffect.define<{ line: number; endLine: number } | null>();
const focusField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    let out = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setFocus)) continue;
      out = Decoration.none;
      const f = e.value;
      if (!f) continue;
      const doc = tr.state.doc;
      const lines = [];
      for (let l = Math.max(1, f.line); l <= Math.min(doc.lines, f.endLine); l++) lines.push(Decoration.line({ class: "cm-focus-loop" }).range(doc.line(l).from));
      out = Decoration.set(lines);
    }
    return out;
  },
  provide: (f) => EditorView.decorations.from(f),
});

export interface EditorEvents {
  changed(text: string): void;
  cursorLine(line: number): void;
}

export class ProgramEditor {
  readonly view: EditorView;
  private readonly language = new Compartment();

  constructor(parent: HTMLElement, text: string, lang: LangId, events: EditorEvents) {
    const extensions: Extension[] = [
      lineNumbers(),
      gutter({ class: "cm-verdicts", markers: (v) => v.state.field(verdictField) }),
      lintGutter(),
      highlightActiveLineGutter(),
      history(),
      drawSelection(),
      highlightActiveLine(),
      bracketMatching(),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
      this.language.of(languageFor(lang)),
      verdictField,
      focusField,
      EditorView.contentAttributes.of({ "aria-label": "program", spellcheck: "false" }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) events.changed(u.state.doc.toString());
        if (u.docChanged || u.selectionSet) events.cursorLine(u.state.doc.lineAt(u.state.selection.main.head).number);
      }),
    ];
    this.view = new EditorView({ parent, state: EditorState.create({ doc: text, extensions }) });
  }

  get text(): string {
    return this.view.state.doc.toString();
  }

  get cursorLine(): number {
    const s = this.view.state;
    return s.doc.lineAt(s.selection.main.head).number;
  }

  setText(text: string): void {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text }, selection: { anchor: 0 } });
  }

  setLanguage(lang: LangId): void {
    this.view.dispatch({ effects: this.language.reconfigure(languageFor(lang)) });
  }

  showVerdicts(verdicts: readonly LoopVerdict[], stale = false): void {
    this.view.dispatch({ effects: setVerdicts.of({ verdicts, stale }) });
  }

  focusLoop(loop: { line: number; endLine: number } | null): void {
    this.view.dispatch({ effects: setFocus.of(loop) });
  }

  /** The diagnostics underlined at their line and column (one without a position marks the first line). */
  showDiagnostics(diags: readonly DiagnosticReport[]): void {
    const doc = this.view.state.doc;
    const out: LintDiagnostic[] = diags.map((d) => {
      const line = doc.line(Math.min(Math.max(d.line ?? 1, 1), doc.lines));
      const from = Math.min(line.from + Math.max((d.column ?? 1) - 1, 0), line.to);
      // To the end of the word at the column (or one character), so the mark is visible.
      const word = /^\w+/.exec(doc.sliceString(from, line.to))?.[0].length ?? 1;
      let to = Math.min(from + Math.max(word, 1), line.to);
      // At the end of a line (an expression cut short) the mark takes the last character, to be seen.
      const start = to === from && from > line.from ? from - 1 : from;
      if (to === start) to = Math.min(start + 1, doc.length);
      return { from: start, to, severity: d.severity === "note" ? "info" : d.severity, message: d.message };
    });
    this.view.dispatch(setDiagnostics(this.view.state, out));
  }

  /** Puts the cursor at a line and column and shows it. */
  goTo(line: number, column = 1): void {
    const doc = this.view.state.doc;
    const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
    const pos = Math.min(l.from + Math.max(column - 1, 0), l.to);
    this.view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: "center" }) });
    this.view.focus();
  }
}
