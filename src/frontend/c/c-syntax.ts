/**
 * The C syntax tree as plain objects: the tree-sitter tree is copied once
 * into these, so lowering is ordinary JavaScript (no calls into the wasm
 * module per node access) and can be tested on trees built by hand.
 * Offsets are UTF-16 offsets into the preprocessed text.
 */
export interface CNode {
  /** tree-sitter node type: "for_statement", "identifier", "(" ... */
  type: string;
  start: number;
  end: number;
  /** The field this node fills in its parent ("condition", "body"), or null. */
  field: string | null;
  /** Named nodes are grammar symbols; anonymous ones are punctuation and keywords. */
  named: boolean;
  /** Inserted by error recovery: the text does not have it. */
  missing: boolean;
  children: CNode[];
}

/** A parsed file: its tree, and whether some node of it is ERROR or missing (what containsError(root) says, noted while copying the tree). */
export interface CTree {
  root: CNode;
  hasError: boolean;
}

export function field(n: CNode, name: string): CNode | undefined {
  for (const c of n.children) if (c.field === name) return c;
  return undefined;
}

export function fields(n: CNode, name: string): CNode[] {
  return n.children.filter((c) => c.field === name);
}

/** Named children that are not comments. */
export function namedChildren(n: CNode): CNode[] {
  return n.children.filter((c) => c.named && c.type !== "comment");
}

export function firstNamed(n: CNode): CNode | undefined {
  for (const c of n.children) if (c.named && c.type !== "comment") return c;
  return undefined;
}

/** The operator of a binary/unary/assignment/update/pointer/field expression. */
export function operatorOf(n: CNode): string {
  const op = field(n, "operator");
  return op ? op.type : "";
}

/** Whether the node or anything under it is a parse error. */
export function containsError(n: CNode): boolean {
  if (n.type === "ERROR" || n.missing) return true;
  for (const c of n.children) if (containsError(c)) return true;
  return false;
}
