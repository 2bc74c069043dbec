import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AccessPolicy } from '../../../domain/api.ts';
import { messages } from '../../../domain/messages.ts';
import { isAllowed } from '../../../domain/permissions.ts';
import { cn } from '../../lib/cn.ts';
import { settings } from '../../lib/settings.ts';
import { MenuContent, MenuItem, MenuLabel, MenuRoot, MenuSeparator, MenuTrigger } from '../ui/menu.tsx';
import { useToast } from '../ui/toast.tsx';
import { insightsMenu, isActivePrefix, practiceMenu, systemMenu, type NavEntry, type NavMenu } from './navigation.ts';
import { lazy, Suspense } from 'react';

// The avatar menu's dialogs load when first opened (Radix dialog is not needed for the first screen).
const UserSettingsDialog = lazy(() => import('./user-dialogs.tsx').then((m) => ({ default: m.UserSettingsDialog })));
const LanguagesDialog = lazy(() => import('./user-dialogs.tsx').then((m) => ({ default: m.LanguagesDialog })));
import { NavLink } from './nav-link.tsx';
import { AccountSwitcher } from './account-switcher.tsx';

const tabClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-1.5 text-sm font-medium text-white hover:bg-white/15',
    active && 'bg-white/20 underline decoration-2 underline-offset-8',
  );

function visible(policy: AccessPolicy, entry: NavEntry) {
  return !entry.resource || policy.instanceAdmin || isAllowed(policy.resources, entry.resource, 'GET');
}

function NavDropdown({ menu, policy, pathname }: { menu: NavMenu; policy: AccessPolicy; pathname: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const entries = menu.entries.filter((entry) => visible(policy, entry));
  if (entries.length === 0) return null;
  const choose = (entry: NavEntry) => {
    if (entry.external === 'reporting') window.open(settings.reportingUrl, '_blank', 'noopener,noreferrer');
    else if (entry.to) void navigate({ href: entry.to });
    else toast('error', messages.noRoute);
  };
  return (
    <MenuRoot>
      <MenuTrigger className={tabClass(isActivePrefix(pathname, [menu.prefix]))}>{menu.label}</MenuTrigger>
      <MenuContent>
        {entries.map((entry) => (
          <MenuItem key={entry.label} onSelect={() => choose(entry)}>
            {entry.label}
            {entry.external ? <span className="ml-auto text-xs text-slate-600" aria-label="opens in a new tab">↗</span> : null}
          </MenuItem>
        ))}
      </MenuContent>
    </MenuRoot>
  );
}

type HeaderProps = { policy: AccessPolicy | undefined; onSignOut(): void; onOpenSearch?(): void };

export function Header({ policy, onSignOut, onOpenSearch }: HeaderProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'settings' | 'languages' | null>(null);
  const initials = policy?.user.name.split(/\s+/).map((part) => part[0]).slice(0, 2).join('') ?? '';

  return (
    <header className="bg-brand-800 text-white shadow">
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-4">
        <Link to="/home" className="mr-3 flex items-center gap-2 rounded-md px-1 text-lg font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-white" aria-label="Astera home">
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          <span>Astera</span>
        </Link>
        {policy ? (
          <nav aria-label="Main" className="flex items-center gap-1">
            {visible(policy, { label: 'Interactions', resource: '/interactions/interactions' }) ? (
              <NavLink to="/interactions" className={tabClass(isActivePrefix(pathname, ['/interactions']))}>
                Interactions
              </NavLink>
            ) : null}
            <NavDropdown menu={practiceMenu} policy={policy} pathname={pathname} />
            <NavDropdown menu={systemMenu} policy={policy} pathname={pathname} />
            {policy.instanceAdmin ? (
              <NavLink to="/accounts" className={tabClass(isActivePrefix(pathname, ['/accounts', '/account']))}>
                Accounts
              </NavLink>
            ) : null}
            <NavLink to="/campaigns" className={tabClass(pathname.startsWith('/campaign'))}>
              Campaigns
            </NavLink>
            <NavDropdown menu={insightsMenu} policy={policy} pathname={pathname} />
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-3">
          {policy ? <AccountSwitcher policy={policy} /> : null}
          <label className="sr-only" htmlFor="header-search">
            Search Astera
          </label>
          <input
            id="header-search"
            type="search"
            placeholder="Search Astera"
            readOnly={Boolean(onOpenSearch)}
            onClick={onOpenSearch}
            onKeyDown={(event) => {
              // Any key typed into the (read-only) box opens the palette, where typing goes on.
              if (event.key === 'Enter' || event.key === 'ArrowDown' || event.key.length === 1) {
                event.preventDefault();
                onOpenSearch?.();
              }
            }}
            className="w-56 rounded-md border border-white/30 bg-white/10 px-3 py-1.5 text-sm text-white placeholder:text-white/80 focus:bg-white focus:text-slate-900 focus:outline-none"
          />
          {policy ? (
            <MenuRoot>
              <MenuTrigger className="flex h-9 w-9 items-center justify-center rounded-full bg-white text-sm font-semibold text-brand-800">
                <span aria-hidden="true">{initials}</span>
                <span className="sr-only">Account menu for {policy.user.name}</span>
              </MenuTrigger>
              <MenuContent align="end">
                <MenuLabel>
                  <span className="block text-sm font-medium text-slate-900 dark:text-white">{policy.user.name}</span>
                  <span className="block">{policy.user.email}</span>
                </MenuLabel>
                <MenuSeparator />
                <MenuItem onSelect={() => void navigate({ to: '/account/$accountId', params: { accountId: policy.accountId } })}>
                  <span className="font-mono text-xs">{policy.accountId}</span>
                </MenuItem>
                <MenuLabel>{policy.accountName}</MenuLabel>
                <MenuSeparator />
                <MenuItem onSelect={() => setDialog('settings')}>User Settings</MenuItem>
                <MenuItem onSelect={() => setDialog('languages')}>Languages &amp; Region</MenuItem>
                <MenuSeparator />
                <MenuItem onSelect={onSignOut}>Logout</MenuItem>
              </MenuContent>
            </MenuRoot>
          ) : (
            <span className="h-9 w-9 animate-pulse rounded-full bg-white/30" aria-hidden="true" />
          )}
        </div>
      </div>
      {policy && dialog ? (
        <Suspense fallback={null}>
          <UserSettingsDialog open={dialog === 'settings'} onOpenChange={(open) => setDialog(open ? 'settings' : null)} policy={policy} />
          <LanguagesDialog open={dialog === 'languages'} onOpenChange={(open) => setDialog(open ? 'languages' : null)} />
        </Suspense>
      ) : null}
    </header>
  );
}
