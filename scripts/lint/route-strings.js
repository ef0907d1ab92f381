/**
 * `local/no-hand-built-route` (eslint.config.js): an app link with a path parameter is built by
 * the link builders of src/services/navigation/links.ts (`courseLink`, `moduleLink`,
 * `learningObjectLink`, `previewLink`, `attachmentLink`, `gradeDetailsLink`), never by hand, so
 * that the links and the router's patterns cannot drift apart (docs/product.md §2).
 *
 * Reports a template literal (`/courses/${id}`) or a string concatenation (`'/courses/' + id`)
 * that starts with a route's fixed part before its first parameter (`ROUTE_PREFIXES`).
 */

/**
 * The fixed start of every route pattern with a parameter in `ROUTE_PATHS` of
 * src/services/navigation/routes.ts (`/courses/:course…` → `/courses/`; the builders live in links.ts); test/unit/lint-boundaries.test.ts
 * checks that the two agree.
 */
export const ROUTE_PREFIXES = ['/courses/', '/lo/preview/', '/attachment/', '/grades/course/'];

/** The text a string literal or a template literal starts with, or null for anything else. */
function leadingText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis[0]?.value.cooked ?? null;
  return null;
}

/** The leftmost operand of a chain of `+`. */
function leftmost(node) {
  let at = node;
  while (at.type === 'BinaryExpression' && at.operator === '+') at = at.left;
  return at;
}

export const noHandBuiltRoute = {
  meta: {
    type: 'problem',
    docs: {
      description: 'App links with path parameters come from the builders of src/services/navigation/links.ts.',
    },
    schema: [],
    messages: {
      handBuilt:
        "This builds the route '{{prefix}}…' by hand. Use the link builders of src/services/navigation/links.ts " +
        '(courseLink, moduleLink, learningObjectLink, previewLink, attachmentLink, gradeDetailsLink): ' +
        'the links and the router read the same patterns there (docs/product.md §2).',
    },
  },
  create(context) {
    const prefixOf = (text) => (text === null ? undefined : ROUTE_PREFIXES.find((prefix) => text.startsWith(prefix)));
    return {
      TemplateLiteral(node) {
        if (node.expressions.length === 0 || node.parent?.type === 'TaggedTemplateExpression') return;
        const prefix = prefixOf(leadingText(node));
        if (prefix) context.report({ node, messageId: 'handBuilt', data: { prefix } });
      },
      BinaryExpression(node) {
        if (node.operator !== '+') return;
        // The whole chain once, from its outermost `+`.
        if (node.parent?.type === 'BinaryExpression' && node.parent.operator === '+') return;
        const first = leftmost(node);
        // A template with expressions is reported by itself (above).
        const plain = first.type === 'Literal' || (first.type === 'TemplateLiteral' && first.expressions.length === 0);
        const prefix = plain ? prefixOf(leadingText(first)) : undefined;
        if (prefix) context.report({ node, messageId: 'handBuilt', data: { prefix } });
      },
    };
  },
};
