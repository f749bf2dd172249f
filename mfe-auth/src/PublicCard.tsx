import { Box, Card, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useId } from 'react';

/** The centred card every public screen of this remote uses, titled by its h1. */
export function PublicCard({ title, children, maxW = 'md' }: { title: string; children: ReactNode; maxW?: string }) {
  const titleId = useId();
  return (
    <Box display="flex" minH="100vh" alignItems="center" justifyContent="center" p="4">
      <Card.Root as="section" aria-labelledby={titleId} w="full" maxW={maxW}>
        <Card.Body>
          <Stack gap="5">
            <Heading as="h1" id={titleId} size="lg">
              {title}
            </Heading>
            {children}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
