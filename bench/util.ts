import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Figure = { name: string; value: number; unit: string; aim?: string };

export function print(figures: Figure[]) {
  for (const f of figures) {
    const value = f.value >= 100 ? f.value.toFixed(0) : f.value.toFixed(2);
    console.log(`  ${f.name.padEnd(64)} ${`${value} ${f.unit}`.padStart(12)}${f.aim ? `   (aim ${f.aim})` : ''}`);
  }
}
