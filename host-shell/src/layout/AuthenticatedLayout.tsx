import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { COMMON_NS, PATHS, useAppVersion, useSession } from '@suite/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink } from 'react-router';
import { Logo } from './Logo';
import { DRAWER_WIDTH, navItemsFor } from './nav';
import { UserMenu } from './UserMenu';

/**
 * The authenticated shell (portal spec §2 screen 15): top bar with the logo, the user's name and
 * surname and the user menu; a permanent side drawer 220 px wide with the sections and the version.
 */
export function AuthenticatedLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(COMMON_NS);
  const { user } = useSession();
  const version = useAppVersion();
  const fullName = [user?.name, user?.surname].filter(Boolean).join(' ');

  return (
    <Flex direction="column" minH="100vh">
      <Link
        href="#main"
        position="absolute"
        left="-10000px"
        _focus={{ left: '2', top: '2', zIndex: 'skipLink', bg: 'white', p: '2' }}
      >
        {t('shell.skipToContent')}
      </Link>
      <Flex as="header" align="center" gap="4" px="4" h="14" bg="brand.main" color="white" flexShrink={0}>
        <Link asChild color="white" _hover={{ textDecoration: 'none' }}>
          <RouterLink to={PATHS.users} aria-label={t('shell.home')}>
            <Logo slot="white" />
          </RouterLink>
        </Link>
        <Box flex="1" />
        <Text data-testid="session-user" textTransform="capitalize" fontWeight="semibold">
          {fullName}
        </Text>
        <UserMenu />
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
          <Stack as="ul" listStyleType="none" gap="1" px="2" flex="1">
            {navItemsFor(user?.privileges ?? []).map((item) => (
              <li key={item.to}>
                <Link
                  asChild
                  display="block"
                  px="3"
                  py="2"
                  borderRadius="md"
                  color="inherit"
                  _hover={{ bg: 'gray.100', textDecoration: 'none' }}
                  css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'bold' } }}
                >
                  <NavLink to={item.to}>{t(item.label)}</NavLink>
                </Link>
              </li>
            ))}
          </Stack>
          {version ? (
            <Text px="4" fontSize="xs" color="fg.muted">
              {t('version', { version })}
            </Text>
          ) : null}
        </Flex>
        <Box as="main" id="main" tabIndex={-1} flex="1" minW="0" p="6" bg="gray.50" outline="none">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
