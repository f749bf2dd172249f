import { Box } from '@chakra-ui/react';
import { SHELL_ICON_BODIES } from '@suite/shared/menu-icons/shell';
import { MenuIconSvg } from '@suite/shared/menu-icons/svg';
import { Suspense, lazy } from 'react';

/** The shared icon renderer, its own chunk: the ~400 icons load only for an icon the shell does not carry, never on /login. */
const MenuIcon = lazy(() => import('@suite/shared/menu-icon'));

/**
 * A menu item's icon in a box of its size, so rows line up with or without one and nothing moves
 * when it arrives. The icons of the console's menus as seeded are drawn at once from the shell's
 * few (SHELL_ICON_BODIES, generated constants, never user input); any other icon, or an uploaded
 * image, through the shared renderer.
 */
export function ItemIcon({ name, personalized, size = 18 }: { name: string; personalized: boolean; size?: number }) {
  const own =
    !personalized && Object.hasOwn(SHELL_ICON_BODIES, name) ? SHELL_ICON_BODIES[name as keyof typeof SHELL_ICON_BODIES] : undefined;
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      w={`${size}px`}
      h={`${size}px`}
      flexShrink={0}
      aria-hidden="true"
    >
      {own ? (
        <MenuIconSvg body={own} size={size} />
      ) : name ? (
        <Suspense fallback={null}>
          <MenuIcon name={name} personalized={personalized} size={size} />
        </Suspense>
      ) : null}
    </Box>
  );
}
