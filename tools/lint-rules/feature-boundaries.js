import path from 'node:path';

/**
 * Features reach each other only through their public `index.ts`: a file in `features/<a>/` may import
 * `../<b>` (or `../<b>/index`) but nothing deeper inside `features/<b>/`. Features named in `composers` frame the
 * others (layout routes, screens that combine two features): the router loads them and no feature imports them, so
 * no cycle runs through them.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "features import other features only through their public index, and never a composing feature" },
    schema: [
      {
        type: 'object',
        properties: {
          featuresDir: { type: 'string' },
          composers: { type: 'array', items: { type: 'string' } },
        },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      internals: "features/{{from}} reaches into features/{{to}} ('{{source}}'): import from its public index ('{{index}}') instead.",
      composer: "features/{{from}} imports features/{{to}}, which composes other features: only the router loads it.",
    },
  },
  create(context) {
    const { featuresDir, composers = [] } = context.options[0];
    const root = path.resolve(context.cwd, featuresDir);
    const featureOf = (file) => {
      const relative = path.relative(root, file);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
      const [feature, ...rest] = relative.split(path.sep);
      return rest.length === 0 ? null : { feature, inside: rest.join('/') };
    };
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const relative = path.relative(root, target);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return;
      const [to, ...rest] = relative.split(path.sep);
      if (to === from.feature) return;
      const index = path.relative(path.dirname(context.filename), path.join(root, to)).split(path.sep).join('/');
      if (composers.includes(to)) {
        context.report({ node: node.source, messageId: 'composer', data: { from: from.feature, to } });
      } else if (rest.length > 0 && !(rest.length === 1 && rest[0] === 'index')) {
        context.report({ node: node.source, messageId: 'internals', data: { from: from.feature, to, source, index } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
