import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
/** The files of this folder a module imports (`./x.ts`). */
const siblings = (file: string) => [...source(file).matchAll(/^import[^;]*?from '\.\/([^']+)';/gms)].map((m) => m[1]);

describe('recordings store layout (architecture "Integrations")', () => {
  it('the port imports no sibling; each adapter imports the port alone; only index.ts knows the adapters', () => {
    expect(siblings('./port.ts')).toEqual([]);
    for (const adapter of ['./files.ts', './s3.ts']) expect(siblings(adapter)).toEqual(['port.ts']);
    expect(siblings('./index.ts').sort()).toEqual(['files.ts', 'port.ts', 's3.ts', 'settings.ts']);
  });

  it('index.ts only chooses: it exports the chooser and nothing else', async () => {
    expect(Object.keys(await import('./index.ts'))).toEqual(['createRecordingStore']);
  });
});
