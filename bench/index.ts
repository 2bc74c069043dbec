import { paletteFigures } from './palette.ts';
import { initialJsFigure, startupFigures } from './startup.ts';
import { print } from './util.ts';

/** `npm run bench`: prints measured figures; never fails on timing (machines are shared and noisy). */
console.log('Astera Portal benchmarks');
console.log('\nStart-up and size');
print([initialJsFigure()]);
print(await startupFigures());
console.log('\nCommand palette (Chromium)');
print(await paletteFigures());
