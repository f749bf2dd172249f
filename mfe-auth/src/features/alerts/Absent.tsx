import { Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { PATHS, useProfileInMode } from '@suite/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../components/BrandLogo';
import { NS } from '../../i18n';
import { PublicPage } from '../../components/PublicPage';

/** /absent (docs/product/portal.md, The absence screen): 'you have been away' after an inactivity sign-out, linking to /Login. */
export function Absent() {
  const { t } = useTranslation(NS);
  const { colors } = useProfileInMode();
  return (
    <PublicPage>
      <Card.Root as="section" aria-labelledby="absent-title" w="full" maxW="md">
        <Card.Body>
          <Stack gap="4">
            <BrandLogo slot="signIn" />
            <Heading as="h1" id="absent-title" size="lg">
              {t('absent.title')}
            </Heading>
            <Text>{t('absent.body')}</Text>
            <Link asChild color={colors.link}>
              <RouterLink to={PATHS.login}>{t('absent.link')}</RouterLink>
            </Link>
          </Stack>
        </Card.Body>
      </Card.Root>
    </PublicPage>
  );
}
