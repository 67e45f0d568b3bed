import { Language, Parser } from "web-tree-sitter";
import { containsError, type CNode, type CTree } from "./c-syntax.js";
import { directCopier, type TreeCopier } from "./c-tree-direct.js";

/**
 * The wasm files the C parser needs: web-tree-sitter's runtime and the C
 * grammar that the tree-sitter-c package ships. Core code never reads
 * files, so whoever starts doall supplies the bytes: the CLI from
 * node_modules, the web page by fetch.
 */
export interface CParserWasm {
  /** web-tree-sitter's own tree-sitter.wasm; when absent the runtime locates it itself (next to its script). */
  runtime?: Uint8Array | ArrayBuffer;
  /** tree-sitter-c.wasm. */
  language: Uint8Array | ArrayBuffer;
}

let parser: Parser | null = null;
/** Per grammar symbol id: its name and whether it is a named node (looked up once, not per node). */
let typeNames: string[] = [];
let typeNamed: boolean[] = [];
let fieldNames: (string | null)[] = [];
/** The fast copy (c-tree-direct.ts) when the runtime has what it needs and it copies SAMPLE as the public API does; null: the public API's cursor. */
let direct: TreeCopier | null = null;
let initializing: Promise<void> | null = null;

/**
 * Loads the parser once; later calls wait for the first. Parsing C needs
 * it: `loadProgram` reports an error for a C file while it is not ready.
 * Takes the wasm bytes, or a function that gives them (called only by the
 * first call, so that a page fetches them once).
 */
export function initCParser(wasm: CParserWasm | (() => Promise<CParserWasm> | CParserWasm)): Promise<void> {
  if (parser) return Promise.resolve();
  initializing ??= (async () => {
    const w = typeof wasm === "function" ? await wasm() : wasm;
    const runtime = w?.runtime === undefined ? undefined : bytes(w.runtime, "runtime");
    const language = bytes(w?.language, "language");
    // Parser.init fills this object in as the runtime's module: c-tree-direct.ts calls its exports.
    const module: Record<string, unknown> = runtime ? { wasmBinary: runtime } : {};
    await Parser.init(module);
    const lang = await Language.load(language);
    const p = new Parser();
    p.setLanguage(lang);
    typeNames = lang.types.map((t, i) => t ?? `<symbol ${i}>`);
    typeNamed = lang.types.map((_, i) => lang.nodeTypeIsNamed(i));
    fieldNames = lang.fields.map((f) => f ?? null);
    parser = p;
    direct = checkedCopier(directCopier(module));
  })().catch((e: unknown) => {
    initializing = null;
    throw e;
  });
  return initializing;
}

/** The bytes of a wasm file; anything else is a caller's mistake, said plainly (not a wasm error later). */
function bytes(x: unknown, what: string): Uint8Array {
  // Not instanceof: bytes made in another realm (an iframe, a worker's transfer, node:vm) are bytes too.
  if (ArrayBuffer.isView(x)) return new Uint8Array(x.buffer, x.byteOffset, x.byteLength);
  if (Object.prototype.toString.call(x) === "[object ArrayBuffer]") return new Uint8Array(x as ArrayBuffer);
  throw new TypeError(`initCParser: \`${what}\` must be the bytes of a wasm file (Uint8Array or ArrayBuffer), not ${x === null ? "null" : typeof x}`);
}

export function cParserReady(): boolean {
  return parser !== null;
}

/** How trees are copied in this process: "direct" (c-tree-direct.ts) or "api" (the public cursor; also before initCParser). */
export function cTreeCopy(): "direct" | "api" {
  return direct ? "direct" : "api";
}

/** Parses preprocessed C text into a plain syntax tree (error recovery marks ERROR and missing nodes). */
export function parseCSyntax(text: string): CTree {
  if (!parser) throw new Error("the C parser is not initialized (call initCParser first)");
  return withTree(text, direct);
}

/** The tree as the public API's cursor copies it, whichever copy parseCSyntax uses (tests compare the two). */
export function parseCSyntaxByApi(text: string): CTree {
  if (!parser) throw new Error("the C parser is not initialized (call initCParser first)");
  return withTree(text, null);
}

/** Parses `text` and copies its tree with `copier` (null: the public API's cursor). */
function withTree(text: string, copier: TreeCopier | null): CTree {
  const tree = parser!.parse(text);
  if (!tree) throw new Error("tree-sitter returned no tree");
  try {
    if (!copier) return copyTree(tree.walk());
    // A Tree's address is web-tree-sitter's internal field 0 (see c-tree-direct.ts).
    const address = (tree as unknown as { 0: number })[0];
    return copier({ address, newCursor: () => void tree.walk() }, { typeNames, typeNamed, fieldNames });
  } finally {
    tree.delete();
  }
}

/**
 * A program with fields, nesting, an error and a missing node: the direct
 * copy is used only when it copies this as the public API does (another
 * runtime version could lay out its internals differently).
 */
const SAMPLE = "typedef int T; struct s { int a[3]; } v;\nint f(T *a, int n) { for (int i = 0; i < n; i++) a[i] = (a[i] + 1; return n }\n";

function checkedCopier(copier: TreeCopier | null): TreeCopier | null {
  if (!copier) return null;
  try {
    return JSON.stringify(withTree(SAMPLE, copier)) === JSON.stringify(withTree(SAMPLE, null)) ? copier : null;
  } catch {
    // Conservative: a runtime whose internals differ may fail in any way; the public API still works.
    return null;
  }
}

type Cursor = ReturnType<NonNullable<ReturnType<Parser["parse"]>>["walk"]>;

/** Copies the tree with a cursor: one wasm round trip per node instead of several. */
function copyTree(c: Cursor): CTree {
  // Iterative, so that deeply nested input (a fuzzer's 10,000 parentheses) cannot overflow the stack.
  const root = make(c);
  root.field = null;
  const stack: CNode[] = [root];
  try {
    for (;;) {
      if (c.gotoFirstChild()) {
        const n = make(c);
        stack[stack.length - 1]!.children.push(n);
        stack.push(n);
        continue;
      }
      for (;;) {
        if (c.gotoNextSibling()) {
          stack.pop();
          const n = make(c);
          stack[stack.length - 1]!.children.push(n);
          stack.push(n);
          break;
        }
        if (!c.gotoParent()) return { root, hasError: containsError(root) };
        stack.pop();
      }
    }
  } finally {
    c.delete();
  }
}

/** One node: four calls into wasm (type, field, start, end); `missing` only asked of empty nodes. */
function make(c: Cursor): CNode {
  const id = c.nodeTypeId;
  const start = c.startIndex;
  const end = c.endIndex;
  const fid = c.currentFieldId;
  // Error nodes have a symbol id past the grammar's (the runtime names them "ERROR").
  const type = typeNames[id] ?? "ERROR";
  return { type: id === 65535 ? "ERROR" : type, start, end, field: fieldNames[fid] ?? null, named: typeNamed[id] ?? true, missing: start === end && c.nodeIsMissing, children: [] };
}
