import { Box, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_NS } from '../i18n';
import { NativeSelect } from './NativeSelect';
import type { SortOption } from './types';

export interface SortMenuProps<Row, Sort extends string | number> {
  options: readonly SortOption<Row, Sort>[];
  value: Sort | undefined;
  onChange: (value: Sort) => void;
  /** Label; 'Ordenar por' when omitted. */
  label?: string;
}

/** The sort menu of the console's list screens: the options the screen passes, one chosen. */
export function SortMenu<Row, Sort extends string | number>({ options, value, onChange, label }: SortMenuProps<Row, Sort>) {
  const { t } = useTranslation(CONSOLE_NS);
  const id = useId();
  const index = options.findIndex((option) => option.value === value);
  return (
    <Box display="flex" alignItems="center" gap="2">
      <chakra.label htmlFor={id} fontSize="sm" whiteSpace="nowrap">
        {label ?? t('table.sortBy')}
      </chakra.label>
      <NativeSelect
        id={id}
        value={index < 0 ? '' : String(index)}
        onChange={(event) => {
          const option = options[Number(event.target.value)];
          if (option) onChange(option.value);
        }}
      >
        {index < 0 ? <option value="" disabled /> : null}
        {options.map((option, i) => (
          <option key={String(option.value)} value={String(i)}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </Box>
  );
}
