import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { COMMON_NS, PATHS, useAppVersion, useSession } from '@suite/shared';
import { useEntrance } from '@suite/shared/console';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { DrawerNav } from './DrawerNav';
import { Logo } from './Logo';
import { DRAWER_WIDTH } from './nav';
import { fallbackDrawer, inPageLanguage, shownItems, suiteTiles } from './shellMenus';
import { SuiteGrid } from './SuiteGrid';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';
import { useShellMenus } from './useShellMenus';

/**
 * The authenticated shell (docs/product/portal.md, The authenticated shell): top bar with the logo, the top menu, the
 * suite grid, the user's name and surname and the user menu; a permanent side drawer 220 px wide
 * with the lateral menu and the version. Every menu is the application's, as the signed-in user
 * gets it (GET /api/menu/GetMenuByUser).
 */
export function AuthenticatedLayout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation(COMMON_NS);
  const { user } = useSession();
  const version = useAppVersion();
  const fullName = [user?.name, user?.surname].filter(Boolean).join(' ');
  const menus = useShellMenus(user?.userId);
  const privileges = user?.privileges;
  const origin = window.location.origin;
  // a section, list or card that replaces another enters, so the eye follows the change
  const mainRef = useEntrance<HTMLDivElement>(useLocation().pathname.toLowerCase());

  const shown = useMemo(() => {
    const held = privileges ?? [];
    const spanish = i18n.getFixedT('es', COMMON_NS);
    const of = (loaded: typeof menus.lateral) =>
      loaded.status === 'ready'
        ? inPageLanguage(
            shownItems(loaded.items, held, origin),
            (key) => spanish(key),
            (key) => t(key),
          )
        : [];
    const fallback = fallbackDrawer(held).map((item) => ({ ...item, name: t(item.label) }));
    return {
      drawer: menus.lateral.status === 'failed' ? fallback : of(menus.lateral),
      placeholders: fallback.length,
      top: of(menus.top),
      user: of(menus.user),
      suite: menus.suite.status === 'ready' ? suiteTiles(menus.suite.items, origin) : [],
    };
  }, [menus, privileges, origin, t, i18n]);

  return (
    <Flex direction="column" minH="100vh">
      <Link href="#main" position="absolute" left="-10000px" _focus={{ left: '2', top: '2', zIndex: 'skipLink', bg: 'white', p: '2' }}>
        {t('shell.skipToContent')}
      </Link>
      <Flex as="header" align="center" gap="4" px="4" h="14" bg="brand.main" color="white" flexShrink={0}>
        <Link asChild color="white" _hover={{ textDecoration: 'none' }}>
          <RouterLink to={PATHS.users} aria-label={t('shell.home')}>
            <Logo slot="white" />
          </RouterLink>
        </Link>
        <TopMenu items={shown.top} />
        <Box flex="1" />
        <SuiteGrid tiles={shown.suite} />
        <Text data-testid="session-user" textTransform="capitalize" fontWeight="semibold">
          {fullName}
        </Text>
        <UserMenu items={shown.user} />
      </Flex>
      <Flex flex="1" minH="0">
        <Flex
          as="nav"
          aria-label={t('shell.mainNav')}
          direction="column"
          w={DRAWER_WIDTH}
          flexShrink={0}
          borderRightWidth="1px"
          bg="white"
          py="4"
        >
          <DrawerNav items={shown.drawer} state={menus.lateral.status} placeholders={shown.placeholders} />
          {version ? (
            <Text px="4" fontSize="xs" color="fg.muted">
              {t('version', { version })}
            </Text>
          ) : null}
        </Flex>
        <Box as="main" id="main" tabIndex={-1} flex="1" minW="0" p="6" bg="gray.50" outline="none">
          <Box ref={mainRef}>{children}</Box>
        </Box>
      </Flex>
    </Flex>
  );
}

export default AuthenticatedLayout;
