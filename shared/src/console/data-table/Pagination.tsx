import { HStack, IconButton, Text, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatThousands } from '@suite/shared';
import { CONSOLE_NS } from '../i18n';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import { NativeSelect } from './NativeSelect';
import { PAGE_SIZES, type PageSize } from './types';

export interface PaginationProps {
  /** Current page, from 1. */
  page: number;
  pageSize: PageSize;
  /** Rows across every page. */
  total: number;
  /** `total` is a lower bound: the range says 'más de N'. */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
}

/** 'Filas por página:' 10 / 25 / 100, the range shown ('11-20 de 57') and previous / next page. */
export function Pagination({ page, pageSize, total, totalCapped, onPageChange, onPageSizeChange }: PaginationProps) {
  const { t } = useTranslation(CONSOLE_NS);
  const sizeId = useId();
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <HStack as="nav" aria-label={t('table.pagination')} justify="flex-end" gap="4" py="2" fontSize="sm" flexWrap="wrap">
      <HStack gap="2">
        <chakra.label htmlFor={sizeId}>{t('table.rowsPerPage')}</chakra.label>
        <NativeSelect id={sizeId} value={String(pageSize)} onChange={(event) => onPageSizeChange(Number(event.target.value) as PageSize)}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </HStack>
      <Text aria-live="polite">
        {t('table.range', {
          from: formatThousands(from),
          to: formatThousands(to),
          count: totalCapped ? t('table.moreThan', { count: formatThousands(total) }) : formatThousands(total),
        })}
      </Text>
      <HStack gap="1">
        <IconButton
          aria-label={t('table.previousPage')}
          variant="ghost"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label={t('table.nextPage')}
          variant="ghost"
          size="sm"
          disabled={page >= lastPage}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRightIcon />
        </IconButton>
      </HStack>
    </HStack>
  );
}
