/** Deterministic randomness for generated data (demo seeds, simulators): never Math.random, so a seed gives the same data everywhere. */

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    /** Picks by weight: `[[value, weight], …]`. */
    weighted: <T>(list: readonly (readonly [T, number])[]): T => {
      const total = list.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of list) if ((r -= w) < 0) return value;
      return list[list.length - 1]![0];
    },
  };
}
export type Prng = ReturnType<typeof prng>;
