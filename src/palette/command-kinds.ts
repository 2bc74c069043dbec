import type { Requirement } from '../lib/policy.ts';
import type { Command } from './types.ts';

type CreateCommand = {
  /** The area's name, the command's id prefix ('insurances'). */
  area: string;
  /** What is created, as the label says it ('insurance' → "Create insurance"). */
  noun: string;
  /** The palette group heading ('Insurances'). */
  group: string;
  /** The create screen's app path. */
  to: string;
  /** The grant creating needs. */
  requires: Requirement;
  /** Words it is also found by, besides "add" and "new". */
  keywords: string[];
  isVisible?: Command['isVisible'];
};

/**
 * An area's "Create <noun>" command: it opens the area's create screen. No global shortcut: C
 * creates a record only inside the area's list, which handles it.
 */
export function createCommand({ area, noun, group, to, requires, keywords, isVisible }: CreateCommand): Command {
  return { id: `${area}.create`, label: `Create ${noun}`, group, keywords: ['add', 'new', ...keywords], requires, ...(isVisible ? { isVisible } : {}), run: (ctx) => ctx.navigate(to) };
}

type RecordPageCommand = Omit<Command, 'isVisible' | 'run'> & {
  /** The record's page: its id is the first group of the match. */
  page: RegExp;
  /** Where the command goes for the record of that id. */
  to(id: string): string;
};

/** A command about the record whose page is open: shown only there, it goes where `to` says for that record. */
export function recordPageCommand({ page, to, ...command }: RecordPageCommand): Command {
  return {
    ...command,
    isVisible: (_policy, { pathname }) => page.test(pathname),
    run: (ctx) => {
      const id = page.exec(ctx.pathname)?.[1];
      if (id) ctx.navigate(to(id));
    },
  };
}
