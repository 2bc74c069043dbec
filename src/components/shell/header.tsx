import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { AccessPolicy } from '../../../domain/api.ts';
import { cn } from '../../lib/cn.ts';
import { holdEarlyPaletteKey, holdOpeningKey } from '../../lib/key-buffer.ts';
import { can } from '../../lib/policy.ts';
import { openPalette } from '../../lib/palette-open.ts';
import { MenuContent, MenuRoot, MenuTrigger, useAfterMenuClose } from '../ui/menu.tsx';
import { AccountSwitcher } from './account-switcher.tsx';
import { AccountMenuItems, NavMenuItems, visibleEntries } from './menu-entries.tsx';
import { NavLink } from './nav-link.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { useNotificationStream } from '../../lib/notifications.ts';
import { useFirstScreenPainted } from '../../lib/after-paint.ts';
import { isActivePrefix, useNavMenus, type NavMenu } from './navigation.ts';

// The avatar menu's dialogs load when first opened (Radix dialog is not needed for the first screen).
const UserSettingsDialog = lazy(() => import('./user-dialogs.tsx').then((m) => ({ default: m.UserSettingsDialog })));
const LanguagesDialog = lazy(() => import('./user-dialogs.tsx').then((m) => ({ default: m.LanguagesDialog })));
// Likewise the narrow screen's menu, which wide screens never open.
const PhoneMenuContent = lazy(() => import('./phone-menu.tsx').then((m) => ({ default: m.PhoneMenuContent })));

const tabClass = (active: boolean) =>
  cn(
    'rounded-md px-2 py-1.5 text-sm font-medium text-white hover:bg-white/15 xl:px-3',
    active && 'bg-white/20 underline decoration-2 underline-offset-8',
  );

function NavDropdown({ menu, policy, pathname }: { menu: NavMenu; policy: AccessPolicy; pathname: string }) {
  const entries = visibleEntries(policy, menu);
  if (entries.length === 0) return null;
  return (
    <MenuRoot>
      <MenuTrigger className={tabClass(isActivePrefix(pathname, [menu.prefix]))}>{menu.label}</MenuTrigger>
      <MenuContent>
        <NavMenuItems entries={entries} />
      </MenuContent>
    </MenuRoot>
  );
}

/**
 * One stream for both bells (wide and narrow header): new notifications arrive without a reload.
 * Opened once the first screen is painted (nothing can be missed: it reads the list when it opens).
 */
function NotificationStream({ enabled }: { enabled: boolean }) {
  useNotificationStream(useFirstScreenPainted() && enabled);
  return null;
}

type HeaderProps = { policy: AccessPolicy | undefined; onSignOut(): void; onOpenSearch?(): void };

type Dialog = 'settings' | 'languages';

/**
 * The header. From the `lg` breakpoint on: the menus, the account switcher, search and the avatar
 * menu side by side. Below it they do not fit: a search button and one menu holding all of them.
 */
export function Header({ policy, onSignOut, onOpenSearch }: HeaderProps) {
  const { pathname } = useLocation();
  const menus = useNavMenus();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  const avatarMenu = useAfterMenuClose();
  const initials = policy?.user.name.split(/\s+/).map((part) => part[0]).slice(0, 2).join('') ?? '';
  const canSwitch = policy ? policy.instanceAdmin || policy.assumedAccounts.length > 0 : false;

  return (
    <header className="bg-brand-800 text-white shadow">
      {/* Fixed at the top of the window; inside the banner so it belongs to a landmark. */}
      <NavigationProgress />
      <NotificationStream enabled={can(policy, '/notifications/notifications', 'GET')} />
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-4">
        <Link to="/home" className="mr-3 flex shrink-0 items-center gap-2 rounded-md px-1 text-lg font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-white" aria-label="Astera home">
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          <span>Astera</span>
        </Link>
        {policy ? (
          <nav aria-label="Main" className="hidden items-center gap-0.5 lg:flex xl:gap-1">
            {can(policy, '/interactions/interactions', 'GET') ? (
              <NavLink to="/interactions" className={tabClass(isActivePrefix(pathname, ['/interactions']))}>
                Interactions
              </NavLink>
            ) : null}
            <NavDropdown menu={menus.practice} policy={policy} pathname={pathname} />
            <NavDropdown menu={menus.system} policy={policy} pathname={pathname} />
            {policy.instanceAdmin ? (
              <NavLink to="/accounts" className={tabClass(isActivePrefix(pathname, ['/accounts', '/account']))}>
                Accounts
              </NavLink>
            ) : null}
            {can(policy, '/surveys/campaigns', 'GET') ? (
              <NavLink to="/campaigns" className={tabClass(pathname.startsWith('/campaign'))}>
                Campaigns
              </NavLink>
            ) : null}
            <NavDropdown menu={menus.insights} policy={policy} pathname={pathname} />
          </nav>
        ) : null}
        <div className="ml-auto hidden items-center gap-2 lg:flex xl:gap-3">
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
                // The character typed is the first of the palette's query (also while the shell starts).
                const character = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
                if (character && holdEarlyPaletteKey(event)) return;
                onOpenSearch?.();
                if (character) holdOpeningKey(event);
              }
            }}
            className="w-36 rounded-md border border-white/30 xl:w-56 bg-white/10 px-3 py-1.5 text-sm text-white placeholder:text-white/80 focus:bg-white focus:text-slate-900 focus:outline-none"
          />
          {policy ? <NotificationBell policy={policy} /> : null}
          {policy ? (
            <MenuRoot>
              <MenuTrigger className="flex h-9 w-9 items-center justify-center rounded-full bg-white text-sm font-semibold text-brand-800">
                <span aria-hidden="true">{initials}</span>
                <span className="sr-only">Account menu for {policy.user.name}</span>
              </MenuTrigger>
              <MenuContent align="end" onCloseAutoFocus={avatarMenu.onCloseAutoFocus}>
                <AccountMenuItems policy={policy} onDialog={(next) => avatarMenu.later(() => setDialog(next))} onSignOut={onSignOut} />
              </MenuContent>
            </MenuRoot>
          ) : (
            <span className="h-9 w-9 animate-pulse rounded-full bg-white/30" aria-hidden="true" />
          )}
        </div>
        <div className="ml-auto flex items-center gap-1 lg:hidden">
          <button
            type="button"
            onClick={onOpenSearch}
            aria-label="Search Astera"
            className="flex h-9 w-9 items-center justify-center rounded-md hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="8.5" cy="8.5" r="5.5" />
              <path d="m13 13 4.5 4.5" strokeLinecap="round" />
            </svg>
          </button>
          {policy ? <NotificationBell policy={policy} /> : null}
          {policy ? (
            <MenuRoot open={phoneMenuOpen} onOpenChange={setPhoneMenuOpen}>
              <MenuTrigger className="flex items-center gap-1.5 px-3 py-1.5 text-white hover:bg-white/15">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M3 5h14M3 10h14M3 15h14" />
                </svg>
                Menu
              </MenuTrigger>
              {phoneMenuOpen ? (
                <Suspense fallback={null}>
                  <PhoneMenuContent
                    policy={policy}
                    onOpenSearch={() => onOpenSearch?.()}
                    onSwitchAccount={
                      canSwitch
                        ? // Like G G: the palette remembers the Menu button, and gives focus back to it.
                          () => openPalette('accounts')
                        : undefined
                    }
                    onDialog={setDialog}
                    onSignOut={onSignOut}
                  />
                </Suspense>
              ) : null}
            </MenuRoot>
          ) : null}
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
