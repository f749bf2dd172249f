import { Box } from '@chakra-ui/react';
import { COMMON_NS, PATHS } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { MenuEntries, MenuGroup } from './MenuEntries';
import { PopupMenu } from './PopupMenu';
import { leadsToSignOut, userMenuSections, type ShownItem } from './shellMenus';

function UserIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
      <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
    </svg>
  );
}

/** The shell's own sign-out: a session always has a way out, whatever the menu holds. */
const SIGN_OUT_KEY = 'shell-sign-out';

/**
 * The user menu of the top bar (location 3): the application's items, then the user's, as the
 * API gave them; 'Cerrar sesión' goes to /logout, which revokes the token and returns to the
 * sign-in screen. Without a menu (still loading, or unreadable) it holds the sign-out alone.
 */
export function UserMenu({ items }: { items: ShownItem[] }) {
  const { t } = useTranslation(COMMON_NS);
  const signOut: ShownItem = {
    key: SIGN_OUT_KEY,
    name: t('shell.signOut'),
    description: '',
    iconName: '',
    isPersonalizedIcon: false,
    target: { kind: 'route', to: PATHS.logout },
    children: [],
  };
  const sections = userMenuSections(items);
  const withSignOut = leadsToSignOut(items);
  return (
    <PopupMenu label={t('shell.userMenu')} icon={<UserIcon />}>
      {() => (
        <Box>
          {sections.map(({ section, items: part }) => (
            <MenuGroup key={section} label={t(`shell.userSections.${section}`)}>
              <MenuEntries items={part} />
            </MenuGroup>
          ))}
          {withSignOut ? null : <MenuEntries items={[signOut]} />}
        </Box>
      )}
    </PopupMenu>
  );
}
