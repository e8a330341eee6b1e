import type { Invoice } from '@app/common/contracts/invoices';
import { formatFcfa } from '@app/common/money';
import { ActionIcon, Alert, Badge, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../../../lib/dates';
import { useLang } from '../../../lib/use-lang';
import { useTodaysSales } from '../api/till-api';

/** Today's sales of this cashier (their own invoices, newest first), each with its ticket and A4 for a reprint. */
export function LastSalesDrawer({
  opened,
  onClose,
  shopId,
  desktop,
  onOpenDocument,
}: {
  opened: boolean;
  onClose: () => void;
  shopId: number;
  desktop: boolean;
  onOpenDocument: (invoice: Invoice, format: 'ticket' | 'a4') => void;
}) {
  const { t } = useTranslation(['till', 'common']);
  const lang = useLang();
  const timeZone = useTimeZone();
  const list = useTodaysSales(shopId, opened);
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', timeZone });
  const today = (list.data ?? []).filter((invoice) => !invoice.deleted);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={desktop ? 'right' : 'bottom'}
      size={desktop ? 420 : '85%'}
      title={t('lastSales.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      data-testid="till-last-sales"
    >
      {list.isPending && <Loader size="sm" />}
      {list.isError && (
        <Alert color="red" variant="light">
          {list.error.message}
        </Alert>
      )}
      {list.isSuccess && today.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('lastSales.none')}
        </Text>
      )}
      <Stack gap={0}>
        {today.map((invoice) => (
          <Group
            key={invoice.idFacture}
            wrap="nowrap"
            gap="xs"
            py={8}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="till-last-sale"
          >
            {/* The number on one line, the amount under it: an 8-digit total beside it would break the number in two at 375 px. */}
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={700} truncate="end" data-testid="till-last-sale-code">
                {invoice.codeFac}
              </Text>
              {invoice.refTicket && (
                // A sale made offline: its ticket's provisional reference beside the real number.
                <Text size="xs" c="dimmed" data-testid="till-last-sale-ref">
                  {t('lastSales.provisional', { ref: invoice.refTicket })}
                </Text>
              )}
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="till-last-sale-amount">
                  {formatFcfa(invoice.montantFacture)}
                </Text>
                {!invoice.solde && (
                  <Badge size="xs" color="orange" variant="light">
                    {t('lastSales.remaining', { amount: formatFcfa(invoice.reste) })}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {/* A late sale counts on its register's next open day: the time shown is when it was made. */}
                {time.format(new Date(invoice.vendueLe ?? invoice.createdAt))} ·{' '}
                {invoice.client ? `${invoice.client.nom} ${invoice.client.prenom}` : t('lastSales.walkIn')}
              </Text>
            </Stack>
            <ActionIcon
              variant="light"
              size={36}
              onClick={() => onOpenDocument(invoice, 'ticket')}
              aria-label={t('lastSales.ticket', { code: invoice.codeFac })}
            >
              <IconReceipt size={18} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size={36}
              onClick={() => onOpenDocument(invoice, 'a4')}
              aria-label={t('lastSales.a4', { code: invoice.codeFac })}
            >
              <IconFileTypePdf size={18} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Drawer>
  );
}
