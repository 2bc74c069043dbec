import { createContext, useContext } from 'react';
import type { AuditEntry } from '../../domain/api.ts';
import type { HttpMethod, Resource } from '../../domain/permissions.ts';

/** The header menus a screen can be listed in (spec §2 "Header and shell"). */
export type MenuName = 'practice' | 'system' | 'insights';

/**
 * A screen of the route tree, as a feature declares it in `features/<area>/screens.ts` (its
 * `screens`): what the palette, the header menus, the page title and the System log's links know
 * of it. Nothing below the composition names a feature's screen by hand.
 */
export type Screen = {
  path: string;
  title: string;
  /** "G then X" navigation, written 'g x'. */
  shortcut?: string;
  /** Shown only when the role may call this resource with `method`. */
  resource?: Resource;
  /** What the screen needs on `resource`: GET when absent, POST for a create screen. */
  method?: HttpMethod;
  keywords?: string[];
  /** Its entry in a header menu: which one, its place there (entries sort by it), and its label when not the title. */
  menu?: { name: MenuName; order: number; label?: string };
  /** The System log's resource types whose changed record opens at `<path>/<id>` (a list's records). */
  records?: readonly string[];
  /**
   * The System log's entries about what belongs to one of this screen's records (a task of a
   * schedule, a member of a team, a recording of a call), by resource type: the page each opens,
   * from the entry and this screen's path; null when there is none. Asked before the rule that a
   * deleted record has no page, so a removed member still opens its team.
   */
  recordPaths?: Readonly<Record<string, (entry: AuditEntry, path: string) => string | null>>;
};

/** The screens by path, as `src/screens.ts` gathers them from the features. */
export type Screens = Readonly<Record<string, Screen>>;

const ScreensContext = createContext<Screens>({});
export const ScreensProvider = ScreensContext.Provider;
export const useScreens = (): Screens => useContext(ScreensContext);
