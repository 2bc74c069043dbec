import type { AnyRouter } from '@tanstack/react-router';
import type { AccessPolicy } from '../../domain/api.ts';
import { meets } from '../lib/policy.ts';
import type { Screens } from '../lib/screens.tsx';
import { hiddenPaths, titleFromPath } from './route-meta.ts';
import type { Command } from './types.ts';

/** One row of the palette, whatever it came from. */
export type Entry = {
  id: string;
  label: string;
  group: string;
  keywords?: readonly string[];
  shortcut?: string;
  hint?: string;
  /** App path the entry opens: such entries can also go to the side panel or a tab. */
  path?: string;
  command?: Command;
};

type RouteLike = { fullPath: string; options: { staticData?: { showsHome?: boolean } } };

/**
 * Every screen of the route tree, read from the router itself. Parameterised routes are left
 * out: their records are reached through entity search instead. So are the routes that only
 * show the home content (spec §2 keeps them routable; they are not destinations of their own).
 */
export function routeEntries(router: AnyRouter, policy: AccessPolicy, screens: Screens): Entry[] {
  const seen = new Set<string>();
  const entries: Entry[] = [];
  const routes = router.routesByPath as Record<string, RouteLike>;
  for (const route of Object.values(routes)) {
    const path = route.fullPath.replace(/\/$/, '') || '/';
    if (path.includes('$') || hiddenPaths.has(path) || seen.has(path)) continue;
    if (route.options.staticData?.showsHome) continue;
    seen.add(path);
    const meta = screens[path];
    if (meta?.resource && !meets(policy, { resource: meta.resource, method: meta.method ?? 'GET' })) continue;
    // The accounts screens are the instance administrator's (spec §2): nobody else is offered them.
    if ((path === '/accounts' || path.startsWith('/accounts/')) && !policy.instanceAdmin) continue;
    entries.push({
      id: `route:${path}`,
      label: meta?.title ?? titleFromPath(path),
      group: 'Go to',
      keywords: [...(meta?.keywords ?? []), path],
      shortcut: meta?.shortcut,
      hint: path,
      path,
    });
  }
  return entries.sort(byLabel);
}

/**
 * Screen titles are ours and plain English: compared without case, by code point, they fall in
 * the order `localeCompare` gives them (entries.test.ts checks every title), without its cost.
 * The first `localeCompare` of a page loads the collation data, a long task (about 100 ms at a
 * phone's CPU speed) in the shell's first render, whose keyboard needs these entries.
 */
export function byLabel(a: { label: string }, b: { label: string }): number {
  const x = a.label.toLowerCase();
  const y = b.label.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

export function commandEntries(commands: readonly Command[], policy: AccessPolicy, pathname: string): Entry[] {
  return commands
    .filter((command) => meets(policy, command.requires) && (!command.isVisible || command.isVisible(policy, { pathname })))
    .map((command) => ({ id: `command:${command.id}`, label: command.label, group: command.group, keywords: command.keywords, shortcut: command.shortcut, command }));
}
