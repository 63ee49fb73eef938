/**
 * The layer rules of docs/ARCHITECTURE.md, checked by test/architecture/layers.test.ts (part of
 * `npm test`) and by `npx depcruise src` on the command line. Each folder of src/ may import only
 * the folders its rule names; npm packages are free unless a rule below says otherwise.
 */

/** Folders of src/ each layer may import (besides itself). */
const LAYERS = {
  core: [],
  agronomy: ['core'],
  catalog: ['core', 'agronomy'],
  store: ['core'],
  limits: ['core'],
  weather: ['core', 'agronomy', 'store'],
  exports: ['core', 'agronomy', 'weather'],
  maps: ['core'],
  compute: ['core', 'agronomy', 'weather', 'maps'],
  services: ['core', 'agronomy', 'catalog', 'store', 'weather', 'exports', 'maps', 'limits', 'compute'],
  http: ['core', 'limits'],
  jobs: ['core', 'store', 'services', 'http', 'limits'],
  api: ['core', 'http', 'services', 'jobs'],
  web: ['core', 'http', 'services'],
};

const FOLDERS = ['core', 'agronomy', 'catalog', 'store', 'limits', 'weather', 'exports', 'maps', 'compute', 'services', 'http', 'jobs', 'api', 'web', 'cli'];
/** The modules at the root of src/: the composition root and its settings. */
const ROOT_MODULES = '^src/(app|config|redis)\\.ts$';

const layerRules = Object.entries(LAYERS).map(([layer, allowed]) => {
  const forbidden = FOLDERS.filter((folder) => folder !== layer && !allowed.includes(folder));
  return {
    name: `${layer}-imports-only-${allowed.length ? allowed.join('-') : 'itself'}`,
    comment: `src/${layer}/ may import only ${allowed.length ? allowed.map((folder) => `src/${folder}/`).join(', ') : 'itself'} (docs/ARCHITECTURE.md, "Layers")`,
    severity: 'error',
    from: { path: `^src/${layer}/` },
    to: { path: [`^src/(${forbidden.join('|')})/`, ROOT_MODULES] },
  };
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'only-the-command-builds-the-app',
      comment: 'The composition roots (app.ts, cli/) are imported by nothing but the command',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: ['^src/cli/', '^src/app\\.ts$'] },
    },
    {
      name: 'database-drivers-only-in-store',
      comment: 'SQL stays in src/store/: no other folder uses Kysely or a database driver',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/store/' },
      to: { dependencyTypes: ['npm'], path: 'node_modules/(kysely|pg|better-sqlite3)/' },
    },
    {
      name: 'science-does-no-io',
      comment: 'src/agronomy/ and src/core/ are pure: no file, network, process or thread modules',
      severity: 'error',
      from: { path: '^src/(agronomy|core)/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|child_process|worker_threads|cluster)$' },
    },
    {
      name: 'no-circular',
      comment: 'Modules do not import each other in a circle',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
