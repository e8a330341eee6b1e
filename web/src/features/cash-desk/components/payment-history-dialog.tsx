import type { Invoice } from '@app/common/contracts/invoices';
import type { Payment } from '@app/common/contracts/payments';
import { formatFcfa } from '@app/common/money';
import { Alert, Badge, Card, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useFormatDate } from '../../../lib/dates';
import { MOBILE_QUERY } from '../../../lib/media';
import { getInvoicePayments } from '../api/cash-desk-api';
import { unbrokenNumber } from '../../../lib/document-number';

/**
 * The payment history of an invoice (seed 001 §2, §6; GET /api/paiements_facture/{id}): each
 * payment with its date, method and reference, what was handed over, applied, given back and
 * left after it, the register and who took it; voided ones marked.
 */
export function PaymentHistoryDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const { t } = useTranslation('cash-desk');
  const formatDate = useFormatDate();
  const payments = useQuery({
    queryKey: ['cash-desk', 'invoice-payments', invoice?.idFacture ?? 0],
    queryFn: ({ signal }) => getInvoicePayments(invoice!.idFacture, signal),
    enabled: invoice !== null,
    staleTime: 0,
  });
  const rows: Payment[] = payments.data ?? [];
  // Below 769 px each payment is a card, as the lists show their rows (seed 001 §2).
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={invoice !== null}
      onClose={onClose}
      title={t('history.title', { code: unbrokenNumber(invoice?.codeFac ?? '') })}
      size="xl"
      data-testid="history-dialog"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('common:labelled', { label: t('pay.total') })} <b>{formatFcfa(invoice?.montantFacture ?? 0)}</b> · {t('common:labelled', { label: t('pay.remaining') })}{' '}
          <b>{formatFcfa(invoice?.reste ?? 0)}</b>
        </Text>
        {payments.isPending && invoice !== null && <Loader size="sm" />}
        {payments.isError && (
          <Alert color="red" variant="light">
            {payments.error instanceof ApiError ? payments.error.message : t('history.error')}
          </Alert>
        )}
        {payments.isSuccess && rows.length === 0 && (
          <Text c="dimmed" size="sm" data-testid="history-empty">
            {t('history.empty')}
          </Text>
        )}
        {rows.length > 0 && isMobile && (
          <Stack gap="xs" data-testid="history-table">
            {rows.map((p) => (
              <Card key={p.idPayement} withBorder padding="sm" data-testid={`history-row-${p.idPayement}`}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={600}>
                    {formatDate(p.createdAt, 'dateTime')}
                  </Text>
                  {p.annule && (
                    <Badge color="red" variant="light" size="xs">
                      {t('history.voided')}
                    </Badge>
                  )}
                </Group>
                {(
                  [
                    [t('columns.method'), p.reference ? `${t(`methods.${p.methode}`)} · ${p.reference}` : t(`methods.${p.methode}`)],
                    [t('history.handed'), formatFcfa(p.montant)],
                    [t('columns.amountPaid'), formatFcfa(p.montantPaye)],
                    [t('columns.change'), formatFcfa(p.reliquat)],
                    [t('history.after'), formatFcfa(p.reste)],
                    [t('history.by'), `${p.caisse.libelle} · ${p.user.username}`],
                  ] as const
                ).map(([label, value]) => (
                  <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      {label}
                    </Text>
                    <Text size="sm" ta="right">
                      {value}
                    </Text>
                  </Group>
                ))}
              </Card>
            ))}
          </Stack>
        )}
        {rows.length > 0 && !isMobile && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped fz="sm" data-testid="history-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.date')}</Table.Th>
                  <Table.Th>{t('columns.method')}</Table.Th>
                  <Table.Th ta="right">{t('history.handed')}</Table.Th>
                  <Table.Th ta="right">{t('columns.amountPaid')}</Table.Th>
                  <Table.Th ta="right">{t('columns.change')}</Table.Th>
                  <Table.Th ta="right">{t('history.after')}</Table.Th>
                  <Table.Th>{t('history.by')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr
                    key={p.idPayement}
                    data-testid={`history-row-${p.idPayement}`}
                    style={p.annule ? { textDecoration: 'line-through' } : undefined}
                  >
                    <Table.Td>{formatDate(p.createdAt, 'dateTime')}</Table.Td>
                    <Table.Td>
                      {t(`methods.${p.methode}`)}
                      {p.reference && (
                        <Text size="xs" c="dimmed">
                          {p.reference}
                        </Text>
                      )}
                      {p.annule && (
                        <Badge color="red" variant="light" size="xs">
                          {t('history.voided')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatFcfa(p.montant)}</Table.Td>
                    <Table.Td ta="right">{formatFcfa(p.montantPaye)}</Table.Td>
                    <Table.Td ta="right">{formatFcfa(p.reliquat)}</Table.Td>
                    <Table.Td ta="right">{formatFcfa(p.reste)}</Table.Td>
                    <Table.Td>
                      {p.caisse.libelle}
                      <Text size="xs" c="dimmed">
                        {p.user.username}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}
