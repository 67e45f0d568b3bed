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
//
// Array patterns the same way, where what they take apart is an array or a tuple: `for (const [k, v]
// of map)` reads the entry's k and v by index (its iterator allocated three results per entry), and
// `const [a, b] = pair` becomes `const p = pair, a = p[0], b = p[1]`. Only patterns of plain names
// (an element may be skipped): one with a default, a rest or a nested pattern keeps its iterator, as
// does one of a string (whose iterator yields code points). A further 6 % less allocated on NPB UA.
import ts from "typescript";

/** The transform, for `program.emit(..., { before: [indexedLoops(program)] })`. */
export function indexedLoops(program) {
  const checker = program.getTypeChecker();
  const isArray = (t) => checker.isArrayType(t) || checker.isTupleType(t);
  const arrayLike = (t) => isArray(t) || (t.isUnion() && t.types.every(isArray));
  // `[a, , b]`: names only, no default, no rest, nothing nested.
  const plainPattern = (name) => ts.isArrayBindingPattern(name) && name.elements.every((e) => ts.isOmittedExpression(e) || (!e.dotDotDotToken && !e.initializer && ts.isIdentifier(e.name)));
  // `const [a, b] = pair` with such a pattern, of an array or a tuple.
  const splits = (d) => d.initializer !== undefined && plainPattern(d.name) && arrayLike(checker.getTypeAtLocation(d.initializer));
  return (context) => {
    const f = context.factory;
    // `a = list[0], b = list[2]` for the pattern `[a, , b]` of `list`.
    const unpacked = (pattern, list) => pattern.elements.flatMap((e, k) => (ts.isOmittedExpression(e) ? [] : [f.createVariableDeclaration(e.name, undefined, undefined, f.createElementAccessExpression(list, k))]));
    const visit = (node) => {
      if (ts.isForOfStatement(node) && !node.awaitModifier && ts.isVariableDeclarationList(node.initializer) && node.initializer.declarations.length === 1) {
        const name = node.initializer.declarations[0].name;
        const kind = node.initializer.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let);
        const indexed = arrayLike(checker.getTypeAtLocation(node.expression));
        // The element destructured as `[k, v]` (a map's entries, a list of pairs): by index, not by its iterator.
        const split = plainPattern(name) && arrayLike(checker.getTypeAtLocation(name));
        if (!indexed && !split) return ts.visitEachChild(node, visit, context);
        const list = ts.visitNode(node.expression, visit);
        const body = ts.visitNode(node.statement, visit);
        const element = split ? f.createUniqueName("element") : name;
        const prologue = split ? [f.createVariableStatement(undefined, f.createVariableDeclarationList(unpacked(name, element), kind))] : [];
        if (!indexed) return f.updateForOfStatement(node, undefined, f.createVariableDeclarationList([f.createVariableDeclaration(element)], kind), list, f.createBlock([...prologue, body], true));
        const i = f.createUniqueName("i");
        const a = f.createUniqueName("list");
        const first = f.createVariableStatement(undefined, f.createVariableDeclarationList([f.createVariableDeclaration(element, undefined, undefined, f.createElementAccessExpression(a, i))], kind));
        const loop = f.createForStatement(
          f.createVariableDeclarationList([f.createVariableDeclaration(i, undefined, undefined, f.createNumericLiteral(0)), f.createVariableDeclaration(a, undefined, undefined, list)], ts.NodeFlags.Let),
          f.createLessThan(i, f.createPropertyAccessExpression(a, "length")),
          f.createPostfixIncrement(i),
          f.createBlock([first, ...prologue, body], true),
        );
        return ts.setOriginalNode(ts.setTextRange(loop, node), node);
      }
      // `const [a, b] = pair` of an array or tuple: `const list = pair, a = list[0], b = list[1]`.
      if (ts.isVariableDeclarationList(node) && node.declarations.some(splits)) {
        const declarations = node.declarations.flatMap((d) => {
          if (!splits(d)) return [ts.visitNode(d, visit)];
          const list = f.createUniqueName("pair");
          return [f.createVariableDeclaration(list, undefined, undefined, ts.visitNode(d.initializer, visit)), ...unpacked(d.name, list)];
        });
        return f.updateVariableDeclarationList(node, declarations);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (file) => ts.visitNode(file, visit);
  };
}
