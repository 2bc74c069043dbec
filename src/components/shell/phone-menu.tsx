import type { AccessPolicy } from '../../../domain/api.ts';
import { can } from '../../lib/policy.ts';
import { MenuContent, MenuGroup, MenuItem, MenuLabel, MenuSeparator, useAfterMenuClose } from '../ui/menu.tsx';
import { AccountMenuItems, NavMenuItems, visibleEntries } from './menu-entries.tsx';
import { useNavMenus, type NavEntry } from './navigation.ts';

type PhoneMenuContentProps = {
  policy: AccessPolicy;
  onOpenSearch(): void;
  onSwitchAccount?(): void;
  onDialog(dialog: 'settings' | 'languages'): void;
  onSignOut(): void;
};

/**
 * The header on a narrow screen, folded into one menu: search, the account switcher, every
 * menu of the header and the avatar menu. Loaded when first opened (wide screens never need it).
 */
export function PhoneMenuContent({ policy, onOpenSearch, onSwitchAccount, onDialog, onSignOut }: PhoneMenuContentProps) {
  const { later, onCloseAutoFocus } = useAfterMenuClose();
  const main: NavEntry[] = [
    ...(can(policy, '/interactions/interactions', 'GET') ? [{ label: 'Interactions', to: '/interactions' }] : []),
    ...(policy.instanceAdmin ? [{ label: 'Accounts', to: '/accounts' }] : []),
    ...(can(policy, '/surveys/campaigns', 'GET') ? [{ label: 'Campaigns', to: '/campaigns' }] : []),
  ];
  const menus = useNavMenus();
  const groups = [menus.practice, menus.system, menus.insights].map((menu) => ({ label: menu.label, entries: visibleEntries(policy, menu) })).filter((group) => group.entries.length > 0);
  return (
    <MenuContent align="end" aria-label="Menu" onCloseAutoFocus={onCloseAutoFocus} className="w-[min(20rem,calc(100vw-1rem))]">
      <MenuItem onSelect={() => later(onOpenSearch)}>Search Astera…</MenuItem>
      {onSwitchAccount ? (
        <MenuItem onSelect={() => later(onSwitchAccount)}>
          <span className="shrink-0">{policy.instanceAdmin ? 'Ghost Mode account' : 'Switch account'}</span>
          <span className="ml-auto truncate text-xs text-slate-600 dark:text-slate-300">{policy.accountName}</span>
        </MenuItem>
      ) : null}
      <MenuSeparator />
      <NavMenuItems entries={main} />
      {groups.map((group) => (
        <MenuGroup key={group.label} aria-label={group.label}>
          <MenuSeparator />
          <MenuLabel className="font-semibold uppercase tracking-wide">{group.label}</MenuLabel>
          <NavMenuItems entries={group.entries} />
        </MenuGroup>
      ))}
      <MenuSeparator />
      <AccountMenuItems policy={policy} onDialog={(dialog) => later(() => onDialog(dialog))} onSignOut={onSignOut} />
    </MenuContent>
  );
}
