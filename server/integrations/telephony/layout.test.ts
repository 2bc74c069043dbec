import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
/** The files of this folder a module imports (`./x.ts`). */
const siblings = (file: string) => [...source(file).matchAll(/^import[^;]*?from '\.\/([^']+)';/gms)].map((m) => m[1]);

describe('telephony layout (architecture "Integrations")', () => {
  it('the port imports no sibling; each adapter imports the port alone; only index.ts knows the adapters', () => {
    expect(siblings('./port.ts')).toEqual([]);
    for (const adapter of ['./simulator.ts', './twilio.ts']) expect(siblings(adapter)).toEqual(['port.ts']);
    expect(siblings('./index.ts').sort()).toEqual(['port.ts', 'settings.ts', 'simulator.ts', 'twilio.ts']);
  });

  it('index.ts only chooses: it exports the chooser and nothing else', async () => {
    expect(Object.keys(await import('./index.ts'))).toEqual(['createTelephony']);
  });

  it("the Twilio library is loaded only by the Twilio adapter, and only when it is used", () => {
    for (const file of ['./port.ts', './simulator.ts', './index.ts', './settings.ts']) expect(source(file)).not.toMatch(/from 'twilio'/);
    expect(source('./twilio.ts')).toMatch(/^import type \{ RequestClient \} from 'twilio';$/m);
    expect(source('./twilio.ts')).toMatch(/import\('twilio'\)/);
  });
});
