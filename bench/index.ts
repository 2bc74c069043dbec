import { keyboardFigures } from './keyboard.ts';
import { listScreenFigures } from './list-screen.ts';
import { paletteFigures } from './palette.ts';
import { personsFigures } from './persons.ts';
import { initialJsFigure, startupFigures } from './startup.ts';
import { print } from './util.ts';

/** `npm run bench`: prints measured figures; never fails on timing (machines are shared and noisy). */
console.log('Astera Portal benchmarks');
console.log('\nStart-up and size');
print([initialJsFigure()]);
print(await startupFigures());
console.log('\nCommand palette (Chromium)');
print(await paletteFigures());

console.log('\nKeyboard (Chromium)');
print(await keyboardFigures());

console.log('\nPersons at 100,000 per account');
print(await personsFigures());
print(await listScreenFigures());
