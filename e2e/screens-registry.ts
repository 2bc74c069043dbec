import { readdirSync } from 'node:fs';
import type { Screen } from '../src/lib/screens.tsx';

/** Every screen the features declare (src/features/*\/screens.ts), as the SPA's registry gathers them. */
const featuresDir = new URL('../src/features/', import.meta.url);
export const registeredScreens: Screen[] = (
  await Promise.all(
    readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(new URL(`${entry.name}/`, featuresDir)).includes('screens.ts'))
      .map(async (entry) => ((await import(new URL(`${entry.name}/screens.ts`, featuresDir).href)) as { screens: Screen[] }).screens),
  )
).flat();
