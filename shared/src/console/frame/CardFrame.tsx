import { Box, Button, HStack, Heading, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

export interface CardFrameProps {
  /** The screen's h1, which names the section (unless `subtitleHeading`). */
  title: ReactNode;
  /** The outline button beside the title, back to the section's list (a card's screen). */
  back?: { label: ReactNode; onClick: () => void };
  /**
   * A muted line under the title (e.g. the record's summary). The title sits closer to it; null
   * keeps that spacing for a subtitle still loading.
   */
  subtitle?: ReactNode;
  /** The subtitle is an h2 that names the section in place of the title (the title then only says the section). */
  subtitleHeading?: boolean;
  /** The screen's list or card, and its loading and error states. */
  children?: ReactNode;
}

/** A console screen's frame: a section named by its heading, the title with the way back to the list, the list or card below. */
export function CardFrame({ title, back, subtitle, subtitleHeading = false, children }: CardFrameProps) {
  const titleId = useId();
  const subtitleId = useId();
  const spacing = subtitle === undefined ? '4' : '2';
  const heading = (
    <Heading as="h1" id={subtitleHeading ? undefined : titleId} size="xl" mb={back ? undefined : spacing}>
      {title}
    </Heading>
  );
  return (
    <Box as="section" aria-labelledby={subtitleHeading ? subtitleId : titleId}>
      {back ? (
        <HStack justify="space-between" mb={spacing} gap="3" flexWrap="wrap">
          {heading}
          <Button variant="outline" onClick={back.onClick}>
            {back.label}
          </Button>
        </HStack>
      ) : (
        heading
      )}
      {subtitle == null ? null : subtitleHeading ? (
        <Heading as="h2" id={subtitleId} size="md" mb="4" color="fg.muted">
          {subtitle}
        </Heading>
      ) : (
        <Text mb="4" color="fg.muted">
          {subtitle}
        </Text>
      )}
      {children}
    </Box>
  );
}
