import type { CNode, CTree } from "./c-syntax.js";

/**
 * Copies tree-sitter's tree into CNodes by calling the runtime's exported
 * cursor functions directly (issue 16: the copy was a third of reading C).
 *
 * web-tree-sitter's TreeCursor keeps the cursor's four words in a JS object
 * and, on every getter and every move, writes them into the runtime's
 * transfer buffer (four setValue calls through a DataView), calls the wasm
 * function, and reads them back: ~30 JS calls per node on top of the five
 * wasm calls that do the work. The wasm functions themselves only read the
 * cursor from the transfer buffer, and the moves write it back there, so
 * once the cursor is in the buffer the walk can call them alone. Nothing
 * else may use the runtime during the walk (nothing does: it is one
 * synchronous loop).
 *
 * This leans on the runtime's internals (its Module's `_ts_tree_cursor_*`
 * exports and a Tree's address in `tree[0]`), which web-tree-sitter does not
 * promise; the version is pinned, `directCopier` returns null when an export
 * is missing, and c-parser.ts checks the copy against the public API's on a
 * sample before using it, falling back to the public API otherwise.
 */

/** The runtime's functions the walk calls; each takes the tree's address and reads the cursor from the transfer buffer. */
interface CursorExports {
  _ts_tree_cursor_delete_wasm(tree: number): void;
  _ts_tree_cursor_goto_first_child_wasm(tree: number): number;
  _ts_tree_cursor_goto_next_sibling_wasm(tree: number): number;
  _ts_tree_cursor_goto_parent_wasm(tree: number): number;
  _ts_tree_cursor_current_node_type_id_wasm(tree: number): number;
  _ts_tree_cursor_current_field_id_wasm(tree: number): number;
  _ts_tree_cursor_current_node_is_missing_wasm(tree: number): number;
  _ts_tree_cursor_start_index_wasm(tree: number): number;
  _ts_tree_cursor_end_index_wasm(tree: number): number;
}

const NEEDED: (keyof CursorExports)[] = [
  "_ts_tree_cursor_delete_wasm",
  "_ts_tree_cursor_goto_first_child_wasm",
  "_ts_tree_cursor_goto_next_sibling_wasm",
  "_ts_tree_cursor_goto_parent_wasm",
  "_ts_tree_cursor_current_node_type_id_wasm",
  "_ts_tree_cursor_current_field_id_wasm",
  "_ts_tree_cursor_current_node_is_missing_wasm",
  "_ts_tree_cursor_start_index_wasm",
  "_ts_tree_cursor_end_index_wasm",
];

/** What the copy needs to know of the tree: its address, and how to make a cursor on its root. */
export interface TreeHandle {
  /** The tree's address in the runtime (web-tree-sitter's `tree[0]`). */
  address: number;
  /** Makes a cursor on the root, leaving its words in the transfer buffer (`tree.walk()` does; its JS object is not used). */
  newCursor(): void;
}

/** Names per grammar symbol and field id, as c-parser.ts looks them up once. */
export interface Names {
  typeNames: string[];
  typeNamed: boolean[];
  fieldNames: (string | null)[];
}

export type TreeCopier = (tree: TreeHandle, names: Names) => CTree;

/** The copier over `module` (the Emscripten module object web-tree-sitter's Parser.init filled), or null when it lacks an export the walk needs. */
export function directCopier(module: unknown): TreeCopier | null {
  if (typeof module !== "object" || module === null) return null;
  const m = module as Record<string, unknown>;
  for (const name of NEEDED) if (typeof m[name] !== "function") return null;
  const x = m as unknown as CursorExports;
  // Bound once: the calls below are then plain function calls, not property loads on the module.
  const firstChild = x._ts_tree_cursor_goto_first_child_wasm;
  const nextSibling = x._ts_tree_cursor_goto_next_sibling_wasm;
  const parent = x._ts_tree_cursor_goto_parent_wasm;
  const typeId = x._ts_tree_cursor_current_node_type_id_wasm;
  const fieldId = x._ts_tree_cursor_current_field_id_wasm;
  const isMissing = x._ts_tree_cursor_current_node_is_missing_wasm;
  const startIndex = x._ts_tree_cursor_start_index_wasm;
  const endIndex = x._ts_tree_cursor_end_index_wasm;

  return (tree, { typeNames, typeNamed, fieldNames }) => {
    const t = tree.address;
    let hasError = false;
    /** The node under the cursor: four wasm calls (a fifth, `missing`, only for empty nodes). */
    const make = (): CNode => {
      const id = typeId(t);
      const start = startIndex(t);
      const end = endIndex(t);
      const fid = fieldId(t);
      // Error nodes have a symbol id past the grammar's (the runtime names them "ERROR").
      const type = id === 65535 ? "ERROR" : (typeNames[id] ?? "ERROR");
      const missing = start === end && isMissing(t) === 1;
      if (missing || type === "ERROR") hasError = true;
      return { type, start, end, field: fieldNames[fid] ?? null, named: typeNamed[id] ?? true, missing, children: [] };
    };
    tree.newCursor();
    try {
      const root = make();
      root.field = null;
      // Iterative, so that deeply nested input (a fuzzer's 10,000 parentheses) cannot overflow the stack.
      const stack: CNode[] = [root];
      for (;;) {
        if (firstChild(t) === 1) {
          const n = make();
          stack[stack.length - 1]!.children.push(n);
          stack.push(n);
          continue;
        }
        for (;;) {
          if (nextSibling(t) === 1) {
            stack.pop();
            const n = make();
            stack[stack.length - 1]!.children.push(n);
            stack.push(n);
            break;
          }
          if (parent(t) !== 1) return { root, hasError };
          stack.pop();
        }
      }
    } finally {
      // The cursor's current words are in the transfer buffer (the moves wrote them there): free its stack.
      x._ts_tree_cursor_delete_wasm(t);
    }
  };
}
