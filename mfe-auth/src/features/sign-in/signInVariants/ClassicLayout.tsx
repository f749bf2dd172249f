import { Card, Stack } from '@chakra-ui/react';
import { BrandLogo } from '../../../components/BrandLogo';
import { PublicPage } from '../../../components/PublicPage';
import { SIGN_IN_TITLE_ID, type SignInLayoutProps } from './layoutTypes';
import { VersionLabel } from './VersionLabel';

/** Classic sign-in (docs/product/sign-in.md, Screens): logo, form and version in one centred card. */
export function ClassicLayout({ variant, form }: SignInLayoutProps) {
  return (
    <PublicPage data-sign-in-variant={variant}>
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
