import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js bite: a tiny repository laid out like this one, linted with
 * this repository's config, reports each cycle and each import against the layer order, and lets
 * the allowed directions through. A rule that stopped working (a renamed folder, a plugin that
 * resolves nothing) fails here instead of passing silently.
 */
const files: Record<string, string> = {
  // A cycle inside one layer.
  'domain/records.ts': "import { personLabel } from './persons.ts';\nexport const recordLabel = () => personLabel;\n",
  'domain/persons.ts': "import { recordLabel } from './records.ts';\nexport const personLabel = () => recordLabel;\n",
  'domain/lists.ts': 'export const pageSizes = [10, 20];\n',
  // SPA: lib importing ui (against the order); ui importing lib and state importing domain (with it).
  'src/components/ui/toast.tsx': "import { store } from '../../lib/store.ts';\nexport const Toaster = () => store;\n",
  'src/lib/store.ts': "import { pageSizes } from '../../domain/lists.ts';\nexport const store = pageSizes;\n",
  'src/lib/soft-delete.ts': "import { Toaster } from '../components/ui/toast.tsx';\nexport const undo = Toaster;\n",
  'src/state/palette.ts': "import { store } from '../lib/store.ts';\nexport const paletteAtom = store;\n",
  'src/features/persons/screen.tsx': "import { Toaster } from '../../components/ui/toast.tsx';\nexport const PersonScreen = Toaster;\n",
  'src/features/tags/section.tsx': "import { PersonScreen } from '../persons/screen.tsx';\nexport const TagSection = PersonScreen;\n",
  // A test may use any layer of its side.
  'src/lib/soft-delete.test.tsx': "import { Toaster } from '../components/ui/toast.tsx';\nexport const shown = Toaster;\n",
  // Server: db importing a route and a service; search importing a route; the composition importing both.
  'server/routes/queues/queries.ts': "import { pageSizes } from '../../../domain/lists.ts';\nexport const queueSearch = pageSizes;\n",
  'server/integrations/contact-center/simulator.ts': 'export const simulator = 1;\n',
  'server/db/demo-queues.ts': "import { queueSearch } from '../routes/queues/queries.ts';\nimport { simulator } from '../integrations/contact-center/simulator.ts';\nexport const demo = [queueSearch, simulator];\n",
  'server/search/all.ts': "import { queueSearch } from '../routes/queues/queries.ts';\nexport const providers = [queueSearch];\n",
  'server/env.ts': "import type { queueSearch } from './routes/queues/queries.ts';\nexport type Limits = typeof queueSearch;\n",
  'server/app.ts': "import { queueSearch } from './routes/queues/queries.ts';\nimport { providers } from './search/all.ts';\nexport const app = [queueSearch, providers];\n",
  // The audited write importing the request layer: hono and the app's environment.
  'server/db/audited.ts': "import type { Context } from 'hono';\nimport type { Deps } from '../env.ts';\nexport type Scope = [Context, Deps];\n",
  // Its tests may use the request layer (they call the app).
  'server/db/audited.test.ts': "import type { Context } from 'hono';\nimport type { Deps } from '../env.ts';\nexport type Scope = [Context, Deps];\n",
  'server/leak.ts': "import { store } from '../src/lib/store.ts';\nexport const leak = store;\n",
};

let root: string;
let problems: { file: string; rule: string | null; message: string }[];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'layers-'));
  await copyFile(path.resolve('eslint.config.js'), path.join(root, 'eslint.config.js'));
  await symlink(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const results = await new ESLint({ cwd: root }).lintFiles(['domain', 'src', 'server']);
  problems = results.flatMap((result) =>
    result.messages.map((m) => ({ file: path.relative(root, result.filePath), rule: m.ruleId, message: m.message })),
  );
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const rulesOf = (file: string) => problems.filter((p) => p.file === file).map((p) => p.rule);

describe('the layers, enforced by lint', () => {
  it('reports an import cycle, at each file in it', () => {
    expect(rulesOf('domain/records.ts')).toEqual(['import-x/no-cycle']);
    expect(rulesOf('domain/persons.ts')).toEqual(['import-x/no-cycle']);
  });

  it('reports SPA imports against the order routes → features → shell → palette → ui → lib → state → domain', () => {
    expect(rulesOf('src/lib/soft-delete.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf('src/state/palette.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(problems.find((p) => p.file === 'src/lib/soft-delete.ts')?.message).toContain('lib sits below');
  });

  it('reports a feature importing another feature', () => {
    expect(rulesOf('src/features/tags/section.tsx')).toEqual(['no-restricted-imports']);
  });

  it("reports the server's back-edges: db → routes and services, search → routes, a type from a route into env.ts", () => {
    expect(rulesOf('server/db/demo-queues.ts')).toEqual(['import-x/no-restricted-paths', 'import-x/no-restricted-paths']);
    expect(rulesOf('server/search/all.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf('server/env.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('reports server/db/ importing the request layer (hono, the app environment), but not in its tests', () => {
    expect(rulesOf('server/db/audited.ts')).toEqual(['no-restricted-imports', 'import-x/no-restricted-paths']);
    expect(problems.find((p) => p.file === 'server/db/audited.ts' && p.rule === 'no-restricted-imports')?.message).toContain('server/db/ knows no request');
    expect(rulesOf('server/db/audited.test.ts')).toEqual([]);
  });

  it('reports the server importing SPA code', () => {
    expect(rulesOf('server/leak.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets the allowed directions through', () => {
    for (const file of ['src/components/ui/toast.tsx', 'src/lib/store.ts', 'src/features/persons/screen.tsx', 'src/lib/soft-delete.test.tsx', 'server/app.ts', 'server/routes/queues/queries.ts']) {
      expect(rulesOf(file), file).toEqual([]);
    }
  });
});
