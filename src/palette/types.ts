import type { AccessPolicy } from '../../domain/api.ts';
import type { Requirement } from '../lib/policy.ts';
import type { PalettePage } from '../state/palette.ts';

/** What a command may do when it runs. */
export type CommandContext = {
  policy: AccessPolicy;
  pathname: string;
  /** Conventional navigation to an app path (e.g. '/practice/persons'). */
  navigate(path: string): void;
  /** Opens an app path in the side panel over the current screen. */
  openPanel(path: string): void;
  /** Opens an app path as a workspace tab. */
  openTab(path: string, title?: string): void;
  /** Opens a nested page of the palette (e.g. 'accounts' for "Switch account…", 'deleted' for "Recently deleted", 'add-task' for the schedule "Add task" goes to). */
  openPage(page: PalettePage): void;
};

/**
 * A palette entry contributed by a feature (`src/features/<area>/commands.ts` exports
 * `commands: Command[]`). The palette, the shortcut handler and the `?` dialog all read these.
 */
export type Command = {
  id: string;
  label: string;
  /** Palette group heading, e.g. 'Actions', 'Persons'. */
  group: string;
  keywords?: string[];
  /** Key sequence, space separated and lower case: 'g p' (G then P), 'c'. */
  shortcut?: string;
  /** The grant the command needs: hidden (palette, shortcuts, `?`) from roles without it. */
  requires?: Requirement;
  /** Hidden unless this returns true (default: shown): where the command applies, not who may run it. */
  isVisible?(policy: AccessPolicy, where: { pathname: string }): boolean;
  /** True when running it leaves the palette open on a nested page (a function: only where it returns true). */
  keepsPaletteOpen?: boolean | ((where: { pathname: string }) => boolean);
  run(ctx: CommandContext): void | Promise<void>;
};
