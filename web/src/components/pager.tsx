import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pageWindow } from './page-window';

type PagerProps = { page: number; last: number; onChange: (page: number) => void; disabled?: boolean };

/** Previous, exactly the 5 pages around the current one (fewer if there are fewer), next. */
export function Pager({ page, last, onChange, disabled = false }: PagerProps) {
  const { t } = useTranslation();
  if (last <= 1) return null;
  return (
    <Group gap={6} justify="center" wrap="wrap" component="nav" aria-label={t('table.page', { page, last })} data-testid="pager">
      <ActionIcon
        variant="default"
        size={36}
        aria-label={t('table.previous')}
        disabled={disabled || page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      {pageWindow(page, last).map((number) => (
        <Button
          key={number}
          size="compact-md"
          h={36}
          miw={36}
          px={10}
          variant={number === page ? 'filled' : 'default'}
          aria-current={number === page ? 'page' : undefined}
          disabled={disabled && number !== page}
          onClick={() => number !== page && onChange(number)}
          data-testid="page-button"
        >
          {number}
        </Button>
      ))}
      <ActionIcon
        variant="default"
        size={36}
        aria-label={t('table.next')}
        disabled={disabled || page >= last}
        onClick={() => onChange(page + 1)}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
      <Text fz="sm" c="dimmed" w={{ base: '100%', xs: 'auto' }} ta="center">
        {t('table.page', { page, last })}
      </Text>
    </Group>
  );
}
