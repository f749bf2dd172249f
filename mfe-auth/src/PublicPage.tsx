import { Box } from '@chakra-ui/react';
import { useProfileInMode } from '@suite/shared';
import type { ReactNode } from 'react';

/** The page behind a public screen: the profile's background colour and image, an optional bar on top, the content centred. */
export function PublicPage({ children, header, ...rest }: { children: ReactNode; header?: ReactNode; [data: `data-${string}`]: string }) {
  const { background, colors } = useProfileInMode();
  return (
    <Box
      minH="100vh"
      display="flex"
      flexDirection="column"
      bg={colors.background}
      bgImage={background ? `url("${background}")` : undefined}
      bgSize="cover"
      bgPos="center"
      {...rest}
    >
      {header}
      <Box flex="1" display="flex" alignItems="center" justifyContent="center" p="4">
        {children}
      </Box>
    </Box>
  );
}
