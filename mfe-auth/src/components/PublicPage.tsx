import { Box } from '@chakra-ui/react';
import { useProfileInMode } from '@suite/shared';
import type { ReactNode } from 'react';
import { LanguageSelector, hasLanguageBar } from './LanguageSelector';

/**
 * The page behind a public screen: the profile's background colour and image, a bar on top (the
 * one given, else the language bar where the profile has one), the content centred.
 */
export function PublicPage({ children, header, ...rest }: { children: ReactNode; header?: ReactNode; [data: `data-${string}`]: string }) {
  const profile = useProfileInMode();
  const { background, colors } = profile;
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
      {header ?? (hasLanguageBar(profile) ? <LanguageSelector /> : null)}
      <Box flex="1" display="flex" alignItems="center" justifyContent="center" p="4">
        {children}
      </Box>
    </Box>
  );
}
