/**
 * Module boundaries, checked by `npm run check` (dependency-cruiser). Type-only imports count for
 * cycles too: a cycle through types still ties two modules together.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Import cycles make the start-up order fragile and the modules one knot.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-other-modules-repository',
      severity: 'error',
      comment:
        "A module reaches another module's data only through a narrow interface handed to it by the composition root (apps/api/src/container.ts); it may name that interface's type, never call the repository itself.",
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/([^/]+)/[^/]+[.]repository[.]ts$',
        pathNot: '^apps/api/src/modules/$1/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'lib-below-modules',
      severity: 'error',
      comment: 'lib/ is shared by every module and depends on none of them.',
      from: { path: '^apps/api/src/lib/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'Web features never import each other (app -> features -> shared).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
