import { coreScreens } from './palette/route-meta.ts';
import type { Screen, Screens } from './lib/screens.tsx';

/**
 * The screens the features declare (`features/<area>/screens.ts` exports `screens`), gathered by
 * file convention like the commands of `registry.ts`: the palette's titles and shortcuts, the
 * header menus and the System log's record links come from here, so a new entity edits no shared
 * list. Small data only (a title, a path, a resource), loaded with the first screen that shows
 * the menus.
 */
const featureScreens = import.meta.glob<Screen[]>('./features/*/screens.ts', { eager: true, import: 'screens' });

export const workspaceScreens: Screens = Object.fromEntries(
  [...coreScreens, ...Object.values(featureScreens).flat()].map((screen) => [screen.path, screen]),
);
