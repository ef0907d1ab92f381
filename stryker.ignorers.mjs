// Stryker ignorer for the machines (stryker.config.mjs). It skips code whose mutants cannot
// change what a machine does, so they would only add survivors that no test should kill:
// - a state's or machine's `description` (documentation; it feeds docs/machines/*.md), and a
//   state object that holds nothing but a description (`{ description }` → `{}` is the same state);
// - `types: { … }` in `setup()`: TypeScript-only markers (`{} as Context`), read by nothing at run time.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const keyName = (node) =>
  node.computed
    ? undefined
    : node.key.type === 'Identifier'
      ? node.key.name
      : node.key.type === 'StringLiteral'
        ? node.key.value
        : undefined;

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'machine-descriptions', {
    shouldIgnore(path) {
      if (path.isObjectProperty() && keyName(path.node) === 'description') {
        return 'A description documents the state; it is not behaviour.';
      }
      if (
        path.isObjectExpression() &&
        path.node.properties.length > 0 &&
        path.node.properties.every((p) => p.type === 'ObjectProperty' && keyName(p) === 'description')
      ) {
        return 'A state with only a description is the same state without it.';
      }
      if (
        path.isObjectProperty() &&
        keyName(path.node) === 'types' &&
        path.parentPath.parentPath?.isCallExpression() &&
        path.parentPath.parentPath.node.callee.type === 'Identifier' &&
        path.parentPath.parentPath.node.callee.name === 'setup'
      ) {
        return "setup()'s types are TypeScript-only markers, unused at run time.";
      }
      return undefined;
    },
  }),
];
