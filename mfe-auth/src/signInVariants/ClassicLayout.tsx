import { Card, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BrandLogo } from '../BrandLogo';
import { PublicPage } from '../PublicPage';
import { SIGN_IN_TITLE_ID, type SignInLayoutProps } from './layoutTypes';
import { VersionLabel } from './VersionLabel';

/** Classic sign-in (portal spec §2 screen 1): logo, form and version in one centred card, with an optional bar on top. */
export function ClassicLayout({ variant, form, header }: SignInLayoutProps & { header?: ReactNode }) {
  return (
    <PublicPage header={header} data-sign-in-variant={variant}>
      <Card.Root as="section" aria-labelledby={SIGN_IN_TITLE_ID} w="full" maxW="sm">
        <Card.Body>
          <Stack gap="5">
            <BrandLogo slot="signIn" />
            {form}
            <VersionLabel />
          </Stack>
        </Card.Body>
      </Card.Root>
    </PublicPage>
  );
}
