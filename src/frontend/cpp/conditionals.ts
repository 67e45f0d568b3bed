import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Span } from "../../source/span.js";

interface Group {
  /** The text of this group is kept. */
  active: boolean;
  /** Some group of this #if ... #endif has been taken (later #elif/#else are skipped). */
  taken: boolean;
  /** The enclosing group is active (otherwise nothing here is). */
  parentActive: boolean;
  sawElse: boolean;
  span: Span;
}

/**
 * The stack of `#if`/`#ifdef`/`#ifndef` ... `#elif`/`#else` ... `#endif`
 * groups (C99 6.10.1). Conditions of groups inside a skipped group are not
 * evaluated (`evaluate` is only called when it matters), which is what
 * lets `#if 0` hide text that does not preprocess.
 */
export class Conditionals {
  private readonly stack: Group[] = [];

  get active(): boolean {
    const top = this.stack[this.stack.length - 1];
    return top ? top.active : true;
  }

  get depth(): number {
    return this.stack.length;
  }

  /** `#if`/`#ifdef`/`#ifndef`: `evaluate` runs only when the enclosing group is active. */
  open(span: Span, evaluate: () => boolean): void {
    const parentActive = this.active;
    const v = parentActive ? evaluate() : false;
    this.stack.push({ active: parentActive && v, taken: v, parentActive, sawElse: false, span });
  }

  elif(span: Span, evaluate: () => boolean, diags: Diagnostic[]): void {
    const g = this.stack[this.stack.length - 1];
    if (!g) {
      diags.push({ id: "cpp.elif-without-if", severity: "error", message: "#elif without #if", span });
      return;
    }
    if (g.sawElse) diags.push({ id: "cpp.elif-after-else", severity: "error", message: "#elif after #else", span });
    if (!g.parentActive || g.taken) {
      g.active = false;
      return;
    }
    const v = evaluate();
    g.active = v;
    g.taken = v;
  }

  else(span: Span, diags: Diagnostic[]): void {
    const g = this.stack[this.stack.length - 1];
    if (!g) {
      diags.push({ id: "cpp.else-without-if", severity: "error", message: "#else without #if", span });
      return;
    }
    if (g.sawElse) diags.push({ id: "cpp.else-after-else", severity: "error", message: "#else after #else", span });
    g.sawElse = true;
    g.active = g.parentActive && !g.taken;
    g.taken = true;
  }

  endif(span: Span, diags: Diagnostic[], fileBase: number): void {
    if (this.stack.length <= fileBase) {
      diags.push({ id: "cpp.endif-without-if", severity: "error", message: "#endif without #if", span });
      return;
    }
    this.stack.pop();
  }

  /** At the end of a file: every group it opened must be closed there. */
  closeFile(base: number, diags: Diagnostic[]): void {
    while (this.stack.length > base) {
      const g = this.stack.pop()!;
      diags.push({ id: "cpp.unterminated-if", severity: "error", message: "unterminated conditional directive (#if without #endif)", span: g.span });
    }
  }
}
