// A TypeScript transform for the build (scripts/compile.js): `for (const x of list)` over an array
// becomes an indexed loop, `for (let i = 0, a = list; i < a.length; i++) { const x = a[i]; { body } }`.
//
// Why (issue 16): doall runs mostly in V8's interpreter and baseline code (the CLI raises the
// interrupt budget, src/node/jit-flags.ts: compiling less pays), and there a for-of over an array
// calls the array iterator's next() for every element and allocates its result object. On NPB UA
// that was 280 MB of the 1.7 GB the run allocated; the indexed loops take 4-5 % less CPU over NPB
// (scripts/bench.js, same outputs). The sources keep for-of, which says what is meant.
//
// Only where the checker says the iterated value is an array or a tuple (or a union of them): a
// Map, a Set, a string or any other iterable keeps its for-of. The same meaning: the length is read
// before each iteration, as the iterator does, so elements pushed during the loop are visited;
// the list is evaluated once; `break`, `continue` and labels are unchanged; the body keeps its own
// block, so a name it declares may still shadow the loop variable; the variable is a new binding
// in each iteration, as before (closures capture it the same way).
import ts from "typescript";

/** The transform, for `program.emit(..., { before: [indexedLoops(program)] })`. */
export function indexedLoops(program) {
  const checker = program.getTypeChecker();
  const arrayLike = (t) => checker.isArrayType(t) || checker.isTupleType(t) || (t.isUnion() && t.types.every((u) => checker.isArrayType(u) || checker.isTupleType(u)));
  return (context) => {
    const f = context.factory;
    const visit = (node) => {
      if (ts.isForOfStatement(node) && !node.awaitModifier && ts.isVariableDeclarationList(node.initializer) && node.initializer.declarations.length === 1 && arrayLike(checker.getTypeAtLocation(node.expression))) {
        const list = ts.visitNode(node.expression, visit);
        const body = ts.visitNode(node.statement, visit);
        const i = f.createUniqueName("i");
        const a = f.createUniqueName("list");
        const kind = node.initializer.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let);
        const element = f.createVariableStatement(undefined, f.createVariableDeclarationList([f.createVariableDeclaration(node.initializer.declarations[0].name, undefined, undefined, f.createElementAccessExpression(a, i))], kind));
        const loop = f.createForStatement(
          f.createVariableDeclarationList([f.createVariableDeclaration(i, undefined, undefined, f.createNumericLiteral(0)), f.createVariableDeclaration(a, undefined, undefined, list)], ts.NodeFlags.Let),
          f.createLessThan(i, f.createPropertyAccessExpression(a, "length")),
          f.createPostfixIncrement(i),
          f.createBlock([element, body], true),
        );
        return ts.setOriginalNode(ts.setTextRange(loop, node), node);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (file) => ts.visitNode(file, visit);
  };
}
