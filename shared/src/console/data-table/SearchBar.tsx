import { Box, Input, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_NS } from '../i18n';
import { SearchIcon } from '../icons';

export interface SearchBarProps {
  /** The search in effect. */
  value: string;
  onSearch: (text: string) => void;
  /**
   * 'server': applies on Enter and says so below the box (a call per keystroke would load the
   * API); 'client': applies on every keystroke.
   */
  mode: 'server' | 'client';
  /** Accessible name and placeholder; 'Buscar' when omitted. */
  label?: string;
}

/** The search box of the console's list screens (docs/product/console.md, Lists). */
export function SearchBar({ value, onSearch, mode, label }: SearchBarProps) {
  const { t } = useTranslation(CONSOLE_NS);
  const hintId = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const name = label ?? t('table.search');

  return (
    <Box flex="1" minW="220px">
      <Box position="relative">
        <Box
          position="absolute"
          left="3"
          top="50%"
          transform="translateY(-50%)"
          color="fg.muted"
          pointerEvents="none"
          display="flex"
          zIndex="1"
        >
          <SearchIcon />
        </Box>
        <Input
          type="search"
          ps="10"
          bg="white"
          aria-label={name}
          placeholder={name}
          aria-describedby={mode === 'server' ? hintId : undefined}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (mode === 'client') onSearch(event.target.value);
          }}
          onKeyDown={(event) => {
            if (mode === 'server' && event.key === 'Enter') {
              event.preventDefault();
              onSearch(draft.trim());
            }
          }}
        />
      </Box>
      {mode === 'server' ? (
        <Text id={hintId} fontSize="xs" color="fg.muted" mt="1">
          {t('table.searchHint')}
        </Text>
      ) : null}
    </Box>
  );
}
