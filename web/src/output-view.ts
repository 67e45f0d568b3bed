import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorState, type Extension } from "@codemirror/state";
import { Decoration, EditorView, lineNumbers } from "@codemirror/view";
import type { LangId } from "./languages.js";
import { lineDiff, unifiedDiff } from "./line-diff.js";
import { languageFor } from "./modes.js";

export type OutputMode = "side" | "diff";

/**
 * doall's output, read-only: side by side with the program (the whole
 * output, the lines doall added shaded) or as a unified diff of program
 * and output (what `diff -u` would print).
 */
export class OutputView {
  readonly view: EditorView;
  /** Output line (0-based) of each input line, when the whole output is shown. */
  private lineOf: number[] | null = null;

  constructor(parent: HTMLElement) {
    this.view = new EditorView({ parent, state: EditorState.create({ doc: "", extensions: base() }) });
  }

  get text(): string {
    return this.view.state.doc.toString();
  }

  show(input: string, output: string, lang: LangId, path: string, mode: OutputMode): { added: number } {
    const a = input.split("\n");
    const b = output.split("\n");
    const edits = lineDiff(a, b);
    const added = edits.filter((e) => e.kind === "add").length;
    this.lineOf = null;
    if (mode === "diff") {
      const text = unifiedDiff(path, `${path} (with directives)`, a, b, edits) || "(no directive written: the output is the program as it is)\n";
      const marks = text.split("\n").map((l) => (l.startsWith("+++") || l.startsWith("---") ? "cm-diff-head" : l.startsWith("+") ? "cm-added" : l.startsWith("-") ? "cm-deleted" : l.startsWith("@@") ? "cm-diff-head" : null));
      this.set(text, [lineClasses(text, marks)]);
    } else {
      const marks: (string | null)[] = b.map(() => null);
      for (const e of edits) if (e.kind === "add") marks[e.b] = "cm-added";
      this.set(output, [languageFor(lang), lineClasses(output, marks)]);
      const lineOf = a.map(() => 0);
      for (const e of edits) if (e.kind === "same") lineOf[e.a] = e.b;
      this.lineOf = lineOf;
    }
    return { added };
  }

  /** Side by side: scrolls the output so the line that was the program's `line` shows, with what doall added above it. */
  reveal(line: number): void {
    const b = this.lineOf?.[line - 1];
    if (b === undefined) return;
    const doc = this.view.state.doc;
    const target = doc.line(Math.min(Math.max(b - 1, 0) + 1, doc.lines));
    this.view.dispatch({ effects: EditorView.scrollIntoView(target.from, { y: "nearest", yMargin: 40 }) });
  }

  /** A message in place of the output (a file with errors, an analysis stopped). */
  showMessage(text: string): void {
    this.lineOf = null;
    this.set(text, [EditorView.contentAttributes.of({ class: "cm-message" })]);
  }

  private set(doc: string, extra: Extension[]): void {
    const top = this.view.scrollDOM.scrollTop;
    this.view.setState(EditorState.create({ doc, extensions: [...base(), ...extra] }));
    this.view.scrollDOM.scrollTop = top;
  }
}

function base(): Extension[] {
  return [lineNumbers(), EditorState.readOnly.of(true), EditorView.editable.of(false), syntaxHighlighting(defaultHighlightStyle, { fallback: true }), EditorView.contentAttributes.of({ "aria-label": "output" })];
}

/** A class on each line that has one (marks[i] for line i + 1). */
function lineClasses(doc: string, marks: readonly (string | null)[]): Extension {
  const state = EditorState.create({ doc });
  const ranges = [];
  for (let i = 0; i < marks.length && i < state.doc.lines; i++) {
    const m = marks[i];
    if (m) ranges.push(Decoration.line({ class: m }).range(state.doc.line(i + 1).from));
  }
  return EditorView.decorations.of(Decoration.set(ranges));
}
