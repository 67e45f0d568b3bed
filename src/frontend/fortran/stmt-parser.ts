import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { FArg, FCaseValue, FDo, FExpr, FParam, FStmt, FStmtBody } from "./ast.js";
import {
  acceptTypeKeyword,
  parseAttrStatement,
  parseCommon,
  parseData,
  parseEquivalence,
  parseImplicit,
  parseNames,
  parseParameter,
  parseSave,
  parseTypeDeclRest,
  parseTypeSpecTail,
} from "./decl-parser.js";
import { parseConcurrentHeader, parseDoConcurrent } from "./concurrent-parser.js";
import { parseArgList, parseDesignator, parseExpr } from "./expr-parser.js";
import { parseIo } from "./io-parser.js";
import { lineSpan, spanIn, type LogicalLine, type SourceForm } from "./logical-line.js";
import { ParseError, TokenStream } from "./token-stream.js";

/**
 * Parses one logical line into a statement. A syntax error becomes an
 * `error` statement plus a diagnostic at the offending token; the caller
 * goes on with the next line.
 */
export function parseStatement(ll: LogicalLine, form: SourceForm, diags: Diagnostic[]): FStmt {
  const ts = new TokenStream(ll, form, diags);
  let s: FStmt;
  try {
    s = parseBody(ts) as FStmt;
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    diags.push({ id: "fortran.syntax", severity: "error", message: e.message, span: spanIn(ll, e.start, e.end) });
    s = { k: "error" } as FStmt;
  }
  if (s.k !== "format") diags.push(...ts.lexDiags);
  // Attach position data to the parsed body (cheaper than spreading into a new object).
  s.span = lineSpan(ll);
  s.ll = ll;
  if (ll.label !== undefined) s.label = ll.label;
  return s;
}

/** Parses a statement starting at the cursor (also used for the statement of a logical IF). */
function parseBody(ts: TokenStream): FStmtBody {
  // Construct name: `outer: do i = ...`
  let name: string | undefined;
  if (ts.isIdent() && ts.isOp(":", 1) && !ts.isOp(":", 2)) {
    name = ts.next().value;
    ts.next();
  }
  if (isAssignment(ts)) return parseAssignment(ts);
  const glued = gluedAssignment(ts);
  if (glued) return glued;
  const body = parseKeywordStatement(ts, name);
  if (name !== undefined && !("name" in body)) ts.fail(`a construct name is not allowed on this statement`);
  return body;
}

/**
 * An assignment is `designator = expr` (or `=>`) with the `=` at paren
 * depth 0 and no top-level comma after it. Checking this first settles
 * every clash between keywords and variables: `do10i = 1.5` assigns to a
 * variable `do10i`, `do10i = 1, 5` is a DO loop (in fixed form).
 */
function isAssignment(ts: TokenStream): boolean {
  let eq = ts.findTopLevel("=");
  const arrow = ts.findTopLevel("=>");
  if (eq < 0 || (arrow >= 0 && arrow < eq)) eq = arrow;
  if (eq < 0) return false;
  // The designator: ident ( '(' ... ')' )* ( '%' ident ( '(' ... ')' )* )*
  let i = ts.pos;
  if (ts.toks[i]?.kind !== "ident") return false;
  i++;
  for (;;) {
    const t = ts.toks[i]!;
    if (t.kind === "op" && t.value === "(") {
      const close = ts.matchParen(i);
      if (close < 0) return false;
      i = close + 1;
    } else if (t.kind === "op" && t.value === "%" && ts.toks[i + 1]?.kind === "ident") i += 2;
    else break;
  }
  if (i !== eq) return false;
  return ts.findTopLevel(",", eq + 1) < 0;
}

/**
 * Fixed form, where blanks mean nothing: `do 30 i = 1.5` is `do30i = 1.5`,
 * an assignment to the variable do30i (no top-level comma after the `=`),
 * though its tokens are a keyword, a number and a name (found by fuzzing:
 * the file was refused). Names and numbers before the `=` make one name.
 */
function gluedAssignment(ts: TokenStream): FStmtBody | null {
  if (ts.form !== "fixed") return null;
  const eq = ts.findTopLevel("=");
  if (eq <= ts.pos + 1 || ts.findTopLevel(",", eq + 1) >= 0) return null;
  const parts = ts.toks.slice(ts.pos, eq);
  if (parts[0]!.kind !== "ident" || !parts.every((t) => t.kind === "ident" || (t.kind === "int" && /^\d+$/.test(t.value)))) return null;
  const name = parts.map((t) => t.value).join("").toLowerCase();
  const span = ts.span(parts[0]!, parts[parts.length - 1]!);
  while (ts.pos <= eq) ts.next();
  const rhs = parseExpr(ts);
  ts.expectEnd();
  return { k: "assign", lhs: { k: "name", name, args: [], span }, rhs };
}

function parseAssignment(ts: TokenStream): FStmtBody {
  const lhs = parseDesignator(ts);
  if (ts.acceptOp("=>")) {
    const rhs = parseExpr(ts);
    ts.expectEnd();
    return { k: "pointer-assign", lhs, rhs };
  }
  ts.expectOp("=");
  const rhs = parseExpr(ts);
  ts.expectEnd();
  return { k: "assign", lhs, rhs };
}

function optName(ts: TokenStream): string | undefined {
  return ts.isIdent() ? ts.next().value : undefined;
}

function labelToken(ts: TokenStream, what = "a statement label"): string {
  const t = ts.peek();
  if (t.kind !== "int") ts.fail(`expected ${what}${ts.describeHere()}`);
  ts.next();
  return String(Number(t.value));
}

function parseParams(ts: TokenStream): FParam[] {
  const params: FParam[] = [];
  if (!ts.acceptOp("(")) return params;
  if (ts.acceptOp(")")) return params;
  for (;;) {
    const t = ts.peek();
    if (ts.isOp("*")) {
      ts.next();
      params.push({ name: "*", span: ts.span(t, t) });
    } else {
      const n = ts.expectIdent("a dummy argument name");
      params.push({ name: n.value, span: ts.span(n, n) });
    }
    if (!ts.acceptOp(",")) break;
  }
  ts.expectOp(")");
  return params;
}

function parseFunctionRest(ts: TokenStream, prefixes: string[], type?: import("./ast.js").FTypeSpec): FStmtBody {
  const n = ts.expectIdent("a function name");
  const params = parseParams(ts);
  let result: string | undefined;
  if (ts.acceptPhrase("result")) {
    ts.expectOp("(");
    result = ts.expectIdent().value;
    ts.expectOp(")");
  }
  if (ts.acceptPhrase("bind")) parseArgList(ts);
  ts.expectEnd();
  const s: FStmtBody = { k: "function", name: n.value, params, prefixes };
  if (type) s.type = type;
  if (result) s.result = result;
  return s;
}

function parseSubroutineRest(ts: TokenStream, prefixes: string[]): FStmtBody {
  const n = ts.expectIdent("a subroutine name");
  const params = parseParams(ts);
  if (ts.acceptPhrase("bind")) parseArgList(ts);
  ts.expectEnd();
  return { k: "subroutine", name: n.value, params, prefixes };
}

const PREFIXES = ["recursive", "pure", "elemental", "impure", "module"];

function parseKeywordStatement(ts: TokenStream, name: string | undefined): FStmtBody {
  const start = ts.peek();
  if (start.kind !== "ident") ts.fail(`expected a statement${ts.describeHere()}`);

  // Procedure prefixes (`recursive subroutine`, `pure real function`).
  const prefixes: string[] = [];
  while (PREFIXES.some((p) => ts.isIdent(p)) && !ts.isIdent("module", 0) && ts.isIdent(undefined, 1)) prefixes.push(ts.next().value);
  if (ts.isIdent("module") && (ts.isIdent("subroutine", 1) || ts.isIdent("function", 1))) prefixes.push(ts.next().value);

  // Type statements and typed function headers. DOUBLE PRECISION must be tried before DO.
  const typeStart = ts.peek().start;
  const base = acceptTypeKeyword(ts);
  if (base) {
    const type = parseTypeSpecTail(ts, base, typeStart);
    if (ts.acceptPhrase("function")) return parseFunctionRest(ts, prefixes, type);
    return parseTypeDeclRest(ts, type);
  }
  if (ts.acceptPhrase("subroutine")) return parseSubroutineRest(ts, prefixes);
  if (ts.acceptPhrase("function")) return parseFunctionRest(ts, prefixes);
  if (prefixes.length) ts.fail(`expected SUBROUTINE or FUNCTION after ${prefixes.join(" ").toUpperCase()}`);

  // Block-structure keywords.
  if (ts.acceptPhrase("else", "if")) {
    ts.expectOp("(");
    const cond = parseExpr(ts);
    ts.expectOp(")");
    if (!ts.acceptPhrase("then")) ts.fail(`expected THEN after ELSE IF (...)`);
    const n = optName(ts);
    ts.expectEnd();
    return n ? { k: "else-if", cond, name: n } : { k: "else-if", cond };
  }
  if (ts.acceptPhrase("else", "where")) {
    let mask: FExpr | undefined;
    if (ts.acceptOp("(")) {
      mask = parseExpr(ts);
      ts.expectOp(")", "to close the ELSEWHERE mask");
    }
    const n = optName(ts);
    ts.expectEnd();
    const s: FStmtBody = { k: "elsewhere" };
    if (mask) s.mask = mask;
    if (n) s.name = n;
    return s;
  }
  if (ts.acceptPhrase("else")) {
    const n = optName(ts);
    ts.expectEnd();
    return n ? { k: "else", name: n } : { k: "else" };
  }
  if (ts.lookingAtPhrase("end", "file") && !ts.isOp("=", 1)) {
    ts.acceptPhrase("end", "file");
    return parseIo(ts, "endfile");
  }
  ts.splitGlued("end", GLUED_AFTER_END);
  if (ts.acceptPhrase("end")) return parseEnd(ts);
  if (ts.acceptPhrase("if")) return parseIf(ts, name);
  if (ts.acceptPhrase("do")) return parseDo(ts, name);
  if (ts.acceptPhrase("select", "case")) {
    ts.expectOp("(");
    const expr = parseExpr(ts);
    ts.expectOp(")");
    ts.expectEnd();
    return name ? { k: "select-case", expr, name } : { k: "select-case", expr };
  }
  if (ts.acceptPhrase("case")) return parseCase(ts);

  // Executable statements.
  if (ts.acceptPhrase("continue")) {
    ts.expectEnd();
    return { k: "continue" };
  }
  if (ts.acceptPhrase("go", "to")) return parseGoto(ts);
  if (ts.acceptPhrase("call")) {
    const n = ts.expectIdent("a subroutine name");
    let args: FArg[] = [];
    if (ts.isOp("(")) args = parseArgList(ts).items;
    ts.expectEnd();
    return { k: "call", name: n.value, args, nameSpan: ts.span(n, n) };
  }
  if (ts.acceptPhrase("return")) {
    const expr = ts.atEnd() ? null : parseExpr(ts);
    ts.expectEnd();
    return { k: "return", expr };
  }
  if (ts.acceptPhrase("stop")) {
    const code = ts.atEnd() ? null : parseExpr(ts);
    ts.expectEnd();
    return { k: "stop", code };
  }
  if (ts.acceptPhrase("pause")) {
    if (!ts.atEnd()) parseExpr(ts);
    ts.expectEnd();
    return { k: "pause" };
  }
  if (ts.acceptPhrase("exit")) {
    const n = optName(ts);
    ts.expectEnd();
    return n ? { k: "exit", name: n } : { k: "exit" };
  }
  if (ts.acceptPhrase("cycle")) {
    const n = optName(ts);
    ts.expectEnd();
    return n ? { k: "cycle", name: n } : { k: "cycle" };
  }
  for (const op of ["read", "write", "print", "open", "close", "inquire", "rewind", "backspace", "flush", "wait"] as const) {
    if (ts.acceptPhrase(op)) return parseIo(ts, op);
  }
  if (ts.acceptPhrase("allocate") || ts.acceptPhrase("deallocate")) {
    const op = ts.toks[ts.pos - 1]!.value.endsWith("deallocate") ? "deallocate" : "allocate";
    const list = parseArgList(ts);
    ts.expectEnd();
    const items: FExpr[] = [];
    let stat: FExpr | undefined;
    for (const a of list.items) {
      if (a.kind !== "expr") ts.fail(`unexpected item in ${op.toUpperCase()}`);
      if (a.keyword === "stat") stat = a.e;
      else if (a.keyword) continue; // errmsg=, source=, mold=
      else items.push(a.e);
    }
    return stat ? { k: "allocate", op, items, stat } : { k: "allocate", op, items };
  }
  if (ts.acceptPhrase("nullify")) {
    const list = parseArgList(ts);
    ts.expectEnd();
    return { k: "nullify", items: list.items.flatMap((a) => (a.kind === "expr" ? [a.e] : [])) };
  }
  if (ts.acceptPhrase("assign")) {
    const target = labelToken(ts);
    if (!ts.acceptPhrase("to")) ts.fail("expected TO in ASSIGN");
    const v = ts.expectIdent().value;
    ts.expectEnd();
    return { k: "assign-label", target, variable: v };
  }
  if (ts.acceptPhrase("where")) {
    ts.expectOp("(");
    const mask = parseExpr(ts);
    ts.expectOp(")");
    if (ts.atEnd()) return name ? { k: "where", mask, name } : { k: "where", mask };
    if (name) ts.fail("a WHERE statement has no construct name");
    const innerStart = ts.peek();
    const inner = parseAssignment(ts);
    if (inner.k !== "assign") ts.fail("the statement of a WHERE must be an assignment", innerStart);
    return { k: "where", mask, stmt: { ...inner, span: spanIn(ts.ll, innerStart.start, ts.ll.text.length), ll: ts.ll } };
  }
  if (ts.acceptPhrase("forall")) {
    const header = parseConcurrentHeader(ts);
    if (ts.atEnd()) return name ? { k: "forall", header, name } : { k: "forall", header };
    if (name) ts.fail("a FORALL statement has no construct name");
    const innerStart = ts.peek();
    const inner = parseAssignment(ts);
    return { k: "forall", header, stmt: { ...inner, span: spanIn(ts.ll, innerStart.start, ts.ll.text.length), ll: ts.ll } };
  }

  // Program units and specification statements.
  if (ts.acceptPhrase("program")) {
    const n = ts.expectIdent("a program name").value;
    ts.expectEnd();
    return { k: "program", name: n };
  }
  if (ts.acceptPhrase("block", "data")) {
    const n = optName(ts);
    ts.expectEnd();
    return n ? { k: "block-data", name: n } : { k: "block-data" };
  }
  if (ts.acceptPhrase("module", "procedure")) return { k: "module-procedure", names: parseNames(ts) };
  if (ts.acceptPhrase("module")) {
    const n = ts.expectIdent("a module name").value;
    ts.expectEnd();
    return { k: "module", name: n };
  }
  if (ts.acceptPhrase("contains")) {
    ts.expectEnd();
    return { k: "contains" };
  }
  if (ts.acceptPhrase("use")) return parseUse(ts);
  if (ts.acceptPhrase("implicit")) return parseImplicit(ts);
  if (ts.acceptPhrase("parameter")) return parseParameter(ts);
  if (ts.acceptPhrase("common")) return parseCommon(ts);
  if (ts.acceptPhrase("data")) return parseData(ts);
  if (ts.acceptPhrase("save")) return parseSave(ts);
  if (ts.acceptPhrase("equivalence")) return parseEquivalence(ts);
  if (ts.acceptPhrase("external")) return { k: "attr-stmt", attr: "external", entities: namesAsEntities(ts) };
  if (ts.acceptPhrase("intrinsic")) return { k: "attr-stmt", attr: "intrinsic", entities: namesAsEntities(ts) };
  if (ts.acceptPhrase("dimension")) return parseAttrStatement(ts, "dimension");
  for (const attr of ["allocatable", "pointer", "target", "optional", "value", "volatile", "intent", "protected", "asynchronous", "contiguous"] as const) {
    if (ts.acceptPhrase(attr)) return parseAttrStatement(ts, attr);
  }
  if (ts.acceptPhrase("public")) return { k: "access", access: "public", names: parseNames(ts) };
  if (ts.acceptPhrase("private")) return { k: "access", access: "private", names: parseNames(ts) };
  if (ts.acceptPhrase("sequence")) return { k: "sequence" };
  if (ts.acceptPhrase("import")) return { k: "import" };
  if (ts.acceptPhrase("format")) {
    // `format(//, ...)` lexes as `(/` `/`: either opening is fine, the text is kept raw.
    if (!ts.isOp("(") && !ts.isOp("(/")) ts.fail("expected '(' after FORMAT");
    return { k: "format", text: ts.ll.text.slice(ts.peek().start).trim() };
  }
  if (ts.acceptPhrase("entry")) {
    const n = ts.expectIdent("an entry name").value;
    const params = parseParams(ts);
    ts.expectEnd();
    return { k: "entry", name: n, params };
  }
  if (ts.acceptPhrase("namelist")) return parseNamelist(ts);
  if (ts.acceptPhrase("interface")) {
    const n = ts.atEnd() ? undefined : ts.ll.text.slice(ts.peek().start).trim();
    return n ? { k: "interface", name: n } : { k: "interface" };
  }
  if (ts.acceptPhrase("type")) {
    // Derived type definition: `type name`, `type :: name`, `type, public :: name`.
    while (ts.acceptOp(",")) ts.expectIdent("a type attribute");
    ts.acceptOp("::");
    const n = ts.expectIdent("a type name").value;
    return { k: "derived-type", name: n };
  }
  // Constructs that may be named (`outer: block`, F2008 8.1.4): the name is theirs, the construct still unsupported.
  if (ts.acceptPhrase("associate") || ts.acceptPhrase("block") || ts.acceptPhrase("critical")) {
    const what = ts.text(start).toUpperCase();
    return name !== undefined ? { k: "unsupported", what, name } : { k: "unsupported", what };
  }
  if (ts.acceptPhrase("enum") || ts.acceptPhrase("procedure") || ts.acceptPhrase("generic") || ts.acceptPhrase("final")) {
    return { k: "unsupported", what: ts.text(start).toUpperCase() };
  }
  ts.fail(`unknown statement '${ts.text(start)}'`, start);
}

function namesAsEntities(ts: TokenStream) {
  const start = ts.peek();
  const names = parseNames(ts);
  return names.map((n) => ({ name: n, span: ts.span(start) }));
}

function parseNamelist(ts: TokenStream): FStmtBody {
  const groups: { name: string; members: string[] }[] = [];
  while (ts.acceptOp("/")) {
    const n = ts.expectIdent("a namelist group name").value;
    ts.expectOp("/");
    const members: string[] = [];
    while (ts.isIdent()) {
      members.push(ts.next().value);
      if (!ts.acceptOp(",")) break;
    }
    groups.push({ name: n, members });
  }
  ts.expectEnd();
  return { k: "namelist", groups };
}

function parseUse(ts: TokenStream): FStmtBody {
  if (ts.acceptOp(",")) {
    ts.expectIdent("a module nature");
    ts.expectOp("::");
  } else ts.acceptOp("::");
  const module = ts.expectIdent("a module name").value;
  const renames: { local: string; remote: string }[] = [];
  let only: string[] | undefined;
  while (ts.acceptOp(",")) {
    if (ts.isIdent("only") && ts.isOp(":", 1)) {
      ts.next();
      ts.next();
      only = [];
      while (ts.isIdent()) {
        const a = ts.next().value;
        if (ts.acceptOp("=>")) {
          const b = ts.expectIdent().value;
          renames.push({ local: a, remote: b });
          only.push(a);
        } else only.push(a);
        if (!ts.acceptOp(",")) break;
      }
      break;
    }
    const a = ts.expectIdent().value;
    ts.expectOp("=>");
    renames.push({ local: a, remote: ts.expectIdent().value });
  }
  ts.expectEnd();
  return only ? { k: "use", module, only, renames } : { k: "use", module, renames };
}

/** What `end` may be glued to (`enddo`, `endsubroutine`, `endblockdata`). */
const GLUED_AFTER_END = ["do", "if", "select", "where", "forall", "interface", "type", "program", "subroutine", "function", "module", "blockdata", "block", "associate", "critical", "enum"];

const UNIT_KINDS = ["program", "subroutine", "function", "module", "interface", "type", "select", "where", "forall", "associate", "block", "critical", "enum"];

function parseEnd(ts: TokenStream): FStmtBody {
  if (ts.atEnd()) return { k: "end-unit" };
  if (ts.acceptPhrase("do")) {
    const n = optName(ts);
    ts.expectEnd();
    return n ? { k: "end-do", name: n } : { k: "end-do" };
  }
  if (ts.acceptPhrase("if")) {
    const n = optName(ts);
    ts.expectEnd();
    return n ? { k: "end-if", name: n } : { k: "end-if" };
  }
  if (ts.acceptPhrase("block", "data")) {
    const n = optName(ts);
    ts.expectEnd();
    return n ? { k: "end-unit", unit: "block-data", name: n } : { k: "end-unit", unit: "block-data" };
  }
  for (const u of UNIT_KINDS) {
    if (!ts.acceptPhrase(u)) continue;
    const n = ts.atEnd() ? undefined : ts.ll.text.slice(ts.peek().start).trim().toLowerCase();
    switch (u) {
      case "select":
        return n ? { k: "end-select", name: n } : { k: "end-select" };
      case "where":
        return n ? { k: "end-where", name: n } : { k: "end-where" };
      case "forall":
        return n ? { k: "end-forall", name: n } : { k: "end-forall" };
      case "interface":
        return { k: "end-interface" };
      case "type":
        return { k: "end-type" };
      case "program":
      case "subroutine":
      case "function":
      case "module":
        return n ? { k: "end-unit", unit: u, name: n } : { k: "end-unit", unit: u };
      default:
        return { k: "unsupported", what: `END ${u.toUpperCase()}` };
    }
  }
  ts.fail(`unexpected '${ts.text(ts.peek())}' after END`);
}

function parseIf(ts: TokenStream, name: string | undefined): FStmtBody {
  ts.expectOp("(", "after IF");
  const cond = parseExpr(ts);
  ts.expectOp(")", "to close the IF condition");
  if (ts.atEnd()) ts.fail("expected THEN or a statement after IF (...)");
  // Block IF: `if (c) then` (THEN alone; `then = 1` would be a logical IF assigning to THEN).
  if (ts.isIdent("then") && ts.peek(1).kind === "eol") {
    ts.next();
    return name ? { k: "if-then", cond, name } : { k: "if-then", cond };
  }
  // Arithmetic IF: `if (e) 10, 20, 30`.
  if (ts.peek().kind === "int" && ts.isOp(",", 1)) {
    const a = labelToken(ts);
    ts.expectOp(",");
    const b = labelToken(ts);
    ts.expectOp(",");
    const c = labelToken(ts);
    ts.expectEnd();
    return { k: "arith-if", expr: cond, labels: [a, b, c] };
  }
  const innerStart = ts.peek();
  const inner = parseBody(ts);
  const forbidden = ["if-then", "do", "end-do", "end-if", "else", "else-if", "logical-if", "end-unit", "select-case", "case", "end-select"];
  if (forbidden.includes(inner.k)) ts.fail("this statement cannot follow a logical IF", innerStart);
  const stmt: FStmt = { ...inner, span: spanIn(ts.ll, innerStart.start, ts.ll.text.length), ll: ts.ll };
  return { k: "logical-if", cond, stmt };
}

function parseDo(ts: TokenStream, name: string | undefined): FStmtBody {
  const d: FDo = { k: "do" };
  if (name) d.name = name;
  if (ts.peek().kind === "int") {
    d.target = labelToken(ts);
    // Fixed form: `do 2 0 i = 1, n` is DO 20 (blanks mean nothing; found by fuzzing).
    while (ts.form === "fixed" && ts.peek().kind === "int" && /^\d+$/.test(ts.peek().value)) d.target = String(Number(d.target + ts.next().value));
    ts.acceptOp(",");
  }
  if (ts.atEnd()) return d;
  if (ts.acceptPhrase("while")) {
    ts.expectOp("(", "after DO WHILE");
    d.while = parseExpr(ts);
    ts.expectOp(")", "to close the DO WHILE condition");
    ts.expectEnd();
    return d;
  }
  if (ts.isIdent("concurrent") && ts.isOp("(", 1)) {
    ts.next();
    d.concurrent = parseDoConcurrent(ts);
    return d;
  }
  const v = ts.expectIdent("the DO variable");
  d.var = v.value;
  d.varSpan = ts.span(v, v);
  ts.expectOp("=", "after the DO variable");
  d.lo = parseExpr(ts);
  ts.expectOp(",", "between the DO bounds");
  d.hi = parseExpr(ts);
  d.step = ts.acceptOp(",") ? parseExpr(ts) : null;
  ts.expectEnd();
  return d;
}

function parseCase(ts: TokenStream): FStmtBody {
  if (ts.acceptPhrase("default")) {
    const n = optName(ts);
    ts.expectEnd();
    return n ? { k: "case", values: null, name: n } : { k: "case", values: null };
  }
  ts.expectOp("(");
  const values: FCaseValue[] = [];
  for (;;) {
    let lo: FExpr | null = null;
    let hi: FExpr | null = null;
    let range = false;
    if (!ts.isOp(":")) lo = parseExpr(ts);
    if (ts.acceptOp(":")) {
      range = true;
      if (!ts.isOp(",") && !ts.isOp(")")) hi = parseExpr(ts);
    }
    values.push({ lo, hi, range });
    if (!ts.acceptOp(",")) break;
  }
  ts.expectOp(")");
  const n = optName(ts);
  ts.expectEnd();
  return n ? { k: "case", values, name: n } : { k: "case", values };
}

function parseGoto(ts: TokenStream): FStmtBody {
  if (ts.isOp("(")) {
    ts.next();
    const labels: string[] = [];
    for (;;) {
      labels.push(labelToken(ts));
      if (!ts.acceptOp(",")) break;
    }
    ts.expectOp(")");
    ts.acceptOp(",");
    const expr = parseExpr(ts);
    ts.expectEnd();
    return { k: "computed-goto", labels, expr };
  }
  if (ts.isIdent()) {
    const v = ts.next().value;
    const labels: string[] = [];
    ts.acceptOp(",");
    if (ts.acceptOp("(")) {
      for (;;) {
        labels.push(labelToken(ts));
        if (!ts.acceptOp(",")) break;
      }
      ts.expectOp(")");
    }
    ts.expectEnd();
    return { k: "assigned-goto", variable: v, labels };
  }
  const target = labelToken(ts, "a label after GO TO");
  ts.expectEnd();
  return { k: "goto", target };
}

