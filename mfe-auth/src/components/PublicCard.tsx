import { Card, Heading, Stack } from '@chakra-ui/react';
import type { ProfileLogos } from '@suite/shared';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { BrandLogo } from './BrandLogo';
import { PublicPage } from './PublicPage';

/** The centred card every public screen of this remote uses, titled by its h1, under the screen's logo. */
export function PublicCard({
  title,
  children,
  maxW = 'md',
  logo,
}: {
  title: string;
  children: ReactNode;
  maxW?: string;
  logo?: keyof ProfileLogos;
}) {
  const titleId = useId();
  return (
    <PublicPage>
      <Card.Root as="section" aria-labelledby={titleId} w="full" maxW={maxW}>
        <Card.Body>
          <Stack gap="5">
            {logo ? <BrandLogo slot={logo} /> : null}
            <Heading as="h1" id={titleId} size="lg">
              {title}
            </Heading>
            {children}
          </Stack>
        </Card.Body>
      </Card.Root>
    </PublicPage>
  );
}
