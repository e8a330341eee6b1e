import type { ShopClient } from '@app/common/contracts/shop-clients';
import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import { formatFcfa } from '@app/common/money';
import { ActionIcon, Alert, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import { MOBILE_QUERY } from '../../../lib/media';
import { notifyError } from '../../../lib/notify';
import { openPdf } from '../../../lib/open-pdf';
import { queryKeys } from '../../../lib/query-keys';
import { getClientStatement } from '../api/shop-clients';

/**
 * A client's statement (issue 9 item 1): their invoices (those the caller may see), the payments
 * on them, and the totals invoiced, paid and still owed, as the server computes them. Each
 * invoice opens its PDF.
 */
export function ClientStatementDialog({
  client,
  opened,
  onClose,
}: {
  client: ShopClient | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['shop-clients', 'cash-desk', 'common']);
  const formatDate = useFormatDate();
  // A phone gets the whole screen: the invoices table needs every pixel.
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const statement = useQuery({
    queryKey: queryKeys.clients.statement(client?.idClient ?? 0),
    queryFn: ({ signal }) => getClientStatement(client!.idClient, signal),
    enabled: opened && client !== null,
    staleTime: 0,
  });
  const data = statement.data;
  const name = client ? `${client.nom} ${client.prenom}` : '';
  const methodLabel = (method: string) => t(`cash-desk:methods.${method}`, { defaultValue: method });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('statement.title', { name })}
      size="xl"
      fullScreen={isMobile}
      data-testid="client-statement"
    >
      {statement.isPending && opened && <Loader size="sm" />}
      {statement.isError && <Alert color="red">{t('statement.error')}</Alert>}
      {data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <Figure label={t('statement.totalInvoiced')} value={formatFcfa(data.totalFacture)} testId="statement-total" />
            <Figure label={t('statement.totalPaid')} value={formatFcfa(data.totalPaye)} testId="statement-paid" />
            <Figure
              label={t('statement.balance')}
              value={formatFcfa(data.solde)}
              color={data.solde > 0 ? 'orange.8' : 'green.8'}
              testId="statement-balance"
            />
          </SimpleGrid>

          <Title order={4}>{t('statement.invoices')}</Title>
          {data.factures.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('statement.noInvoices')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={0}>
              <Table striped horizontalSpacing="xs" fz="sm" data-testid="statement-invoices">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('statement.number')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('statement.date')}</Table.Th>
                    <Table.Th ta="right">{t('statement.total')}</Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      {t('statement.paid')}
                    </Table.Th>
                    <Table.Th ta="right">{t('statement.remainder')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.factures.map((f) => (
                    <Table.Tr key={f.idFacture}>
                      <Table.Td>
                        <Text size="sm">{f.codeFac}</Text>
                        <Text size="xs" c={f.typeFacture.idTypeFacture === INVOICE_TYPE.proforma ? 'grape' : 'dimmed'}>
                          {f.typeFacture.libelle}
                        </Text>
                        {/* On a phone the date rides under the number instead of its own column. */}
                        <Text size="xs" c="dimmed" hiddenFrom="sm">
                          {formatDate(f.createdAt, 'dateTime')}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{formatDate(f.createdAt, 'dateTime')}</Table.Td>
                      <Table.Td ta="right">{formatFcfa(f.montantFacture)}</Table.Td>
                      <Table.Td ta="right" visibleFrom="sm">
                        {formatFcfa(f.montantPaye)}
                      </Table.Td>
                      <Table.Td ta="right">{formatFcfa(f.reste)}</Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('cash-desk:actions.pdf')}
                          onClick={() =>
                            void openPdf(`/api/downloadFile/${f.file}?lang=${i18n.language}`).catch((e: Error) =>
                              notifyError(e.message),
                            )
                          }
                        >
                          <IconFileTypePdf size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data.factures.some((f) => f.typeFacture.idTypeFacture === INVOICE_TYPE.proforma) && (
            <Text size="xs" c="dimmed">
              {t('statement.proformaNote')}
            </Text>
          )}

          <Title order={4}>{t('statement.payments')}</Title>
          {data.paiements.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('statement.noPayments')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={0}>
              <Table striped horizontalSpacing="xs" fz="sm" data-testid="statement-payments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('statement.number')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('statement.date')}</Table.Th>
                    <Table.Th>{t('statement.method')}</Table.Th>
                    <Table.Th ta="right">{t('statement.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.paiements.map((p) => (
                    <Table.Tr key={p.idPaiement}>
                      <Table.Td>
                        <Text size="sm">{p.codeFac}</Text>
                        <Text size="xs" c="dimmed" hiddenFrom="sm">
                          {formatDate(p.datePaiement, 'dateTime')}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{formatDate(p.datePaiement, 'dateTime')}</Table.Td>
                      <Table.Td>{methodLabel(p.methode)}</Table.Td>
                      <Table.Td ta="right">{formatFcfa(p.montant)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** One total of the statement: its label and amount on one line. */
function Figure({ label, value, color, testId }: { label: string; value: string; color?: string; testId: string }) {
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={700} size="sm" c={color} data-testid={testId}>
          {value}
        </Text>
      </Group>
    </Paper>
  );
}
