import { Box, Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NS } from './i18n';

/** /absent (portal spec §2 screen 9): 'you have been away' after an inactivity sign-out, linking to /Login. */
export function Absent() {
  const { t } = useTranslation(NS);
  return (
    <Box display="flex" minH="100vh" alignItems="center" justifyContent="center" p="4">
      <Card.Root as="section" aria-labelledby="absent-title" w="full" maxW="md">
        <Card.Body>
          <Stack gap="4">
            <Heading as="h1" id="absent-title" size="lg">
              {t('absent.title')}
            </Heading>
            <Text>{t('absent.body')}</Text>
            <Link asChild color="brand.main">
              <RouterLink to="/Login">{t('absent.link')}</RouterLink>
            </Link>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
