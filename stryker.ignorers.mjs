// Stryker ignorer for the machines (stryker.config.mjs): a state's or machine's `description`
// is documentation (it feeds docs/machines/*.md), not behaviour, so mutating its text only adds
// survivors that no test should kill.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'machine-descriptions', {
    shouldIgnore(path) {
      if (
        path.isObjectProperty() &&
        !path.node.computed &&
        ((path.node.key.type === 'Identifier' && path.node.key.name === 'description') ||
          (path.node.key.type === 'StringLiteral' && path.node.key.value === 'description'))
      ) {
        return 'A description documents the state; it is not behaviour.';
      }
      return undefined;
    },
  }),
];
