import { Link } from '@tanstack/react-router';
import type { AccessPolicy } from '../../../domain/api.ts';
import { shellMessages as messages } from '../../../domain/shell-messages.ts';
import { can } from '../../lib/policy.ts';
import { settings } from '../../lib/settings.ts';
import { MenuItem, MenuLabel, MenuSeparator } from '../ui/menu.tsx';
import { useToast } from '../../lib/toast.ts';
import { NavLink } from './nav-link.tsx';
import type { NavEntry, NavMenu } from './navigation.ts';

/** Entries the role may read (entries without a resource are shown to every role). */
export const visibleEntries = (policy: AccessPolicy, menu: NavMenu) => menu.entries.filter((entry) => isVisible(policy, entry));

export const isVisible = (policy: AccessPolicy, entry: NavEntry) => !entry.resource || can(policy, entry.resource, 'GET');

/**
 * The entries of a header menu. An entry with a route is a real link (Ctrl+click, middle-click
 * and "copy link" work) that the menu still drives by keyboard; only an entry without a route
 * ("Real time metrics") is a plain item, which says so when chosen.
 */
export function NavMenuItems({ entries }: { entries: readonly NavEntry[] }) {
  const toast = useToast();
  return entries.map((entry) =>
    entry.external === 'reporting' ? (
      <MenuItem key={entry.label} asChild>
        <a href={settings.reportingUrl} target="_blank" rel="noopener noreferrer">
          {entry.label}
          <span className="ml-auto text-xs text-slate-600 dark:text-slate-300" aria-label="opens in a new tab">
            ↗
          </span>
        </a>
      </MenuItem>
    ) : entry.to ? (
      <MenuItem key={entry.label} asChild>
        <NavLink to={entry.to}>{entry.label}</NavLink>
      </MenuItem>
    ) : (
      <MenuItem key={entry.label} onSelect={() => toast('error', messages.noRoute)}>
        {entry.label}
      </MenuItem>
    ),
  );
}

type AccountMenuItemsProps = { policy: AccessPolicy; onDialog(dialog: 'settings' | 'languages'): void; onSignOut(): void };

/** The avatar menu: who is signed in, the account's page, settings, and Logout. */
export function AccountMenuItems({ policy, onDialog, onSignOut }: AccountMenuItemsProps) {
  return (
    <>
      <MenuLabel>
        <span className="block text-sm font-medium text-slate-900 dark:text-white">{policy.user.name}</span>
        <span className="block break-all">{policy.user.email}</span>
      </MenuLabel>
      <MenuSeparator />
      <MenuItem asChild>
        <Link to="/account/$accountId" params={{ accountId: policy.accountId }}>
          <span className="font-mono text-xs">{policy.accountId}</span>
        </Link>
      </MenuItem>
      <MenuLabel>{policy.accountName}</MenuLabel>
      <MenuSeparator />
      <MenuItem onSelect={() => onDialog('settings')}>User Settings</MenuItem>
      <MenuItem onSelect={() => onDialog('languages')}>Languages &amp; Region</MenuItem>
      <MenuSeparator />
      <MenuItem onSelect={onSignOut}>Logout</MenuItem>
    </>
  );
}
