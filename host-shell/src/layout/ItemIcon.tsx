import { Box } from '@chakra-ui/react';
import { Suspense, lazy } from 'react';

/** The shared icon renderer, its own chunk: the ~400 icons load with the first menu drawn, never on /login. */
const MenuIcon = lazy(() => import('@suite/shared/menu-icon'));

/** A menu item's icon in a box of its size, so rows line up with or without one and nothing moves when it arrives. */
export function ItemIcon({ name, personalized, size = 18 }: { name: string; personalized: boolean; size?: number }) {
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
      {name ? (
        <Suspense fallback={null}>
          <MenuIcon name={name} personalized={personalized} size={size} />
        </Suspense>
      ) : null}
    </Box>
  );
}
