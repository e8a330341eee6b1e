import type { Payment } from '@app/common/contracts/payments';
import { formatFcfa } from '@app/common/money';
import { Modal, Table, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { useFormatDate } from '../../../lib/dates';
import { queryKeys } from '../../../lib/query-keys';
import { getPaymentsPage } from '../api/cash-desk-api';
import { useDocumentActions } from './document-actions';
import { unbrokenNumber } from '../../../lib/document-number';

function PaymentDetails({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const { t } = useTranslation('cash-desk');
  const formatDate = useFormatDate();
  const rows: [string, string][] = payment
    ? [
        [t('details.register'), payment.caisse.libelle],
        [t('details.date'), formatDate(payment.datePaiement, 'paymentDateTime')],
        [t('details.type'), payment.facture.typeFacture.libelle],
        [t('details.method'), t(`methods.${payment.methode}`)],
        [t('details.reference'), payment.reference ?? '—'],
        [t('columns.total'), formatFcfa(payment.facture.montantFacture)],
        [t('details.handed'), formatFcfa(payment.montant)],
        [t('columns.amountPaid'), formatFcfa(payment.montantPaye)],
        [t('columns.change'), formatFcfa(payment.reliquat)],
        [t('columns.remaining'), formatFcfa(payment.reste)],
        [t('details.user'), payment.user.username],
      ]
    : [];
  return (
    <Modal
      opened={payment !== null}
      onClose={onClose}
      title={t('details.title', { code: unbrokenNumber(payment?.facture.codeFac ?? '') })}
      data-testid="payment-details"
    >
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

/** app/factures-payees (seed 001 §2): payments, directors all of the shop, others their own. */
export function PaymentsPage() {
  const { t } = useTranslation('cash-desk');
  const formatDate = useFormatDate();
  const [shown, setShown] = useState<Payment | null>(null);
  const documents = useDocumentActions((p: Payment) => p.facture.file);
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Payment>
          title={t('payments.title')}
          subtitle={t('payments.subtitle', { shop: shop.nom })}
          queryKey={queryKeys.cashDesk.list('payments', shop.idBoutique)}
          fetcher={(page, term, signal) => getPaymentsPage(shop.idBoutique, page, term, signal)}
          rowKey={(p) => p.idPayement}
          searchLabel={t('search')}
          testId="payments-table"
          columns={[
            { key: 'code', header: t('columns.code'), render: (p) => p.facture.codeFac },
            {
              key: 'client',
              header: t('columns.client'),
              render: (p) => (p.facture.client ? `${p.facture.client.nom} ${p.facture.client.prenom}` : t('columns.noClient')),
            },
            { key: 'total', header: t('columns.total'), render: (p) => formatFcfa(p.facture.montantFacture) },
            { key: 'paid', header: t('columns.amountPaid'), render: (p) => formatFcfa(p.montantPaye) },
            { key: 'method', header: t('columns.method'), render: (p) => t(`methods.${p.methode}`) },
            { key: 'change', header: t('columns.change'), render: (p) => formatFcfa(p.reliquat) },
            { key: 'remaining', header: t('columns.remaining'), render: (p) => formatFcfa(p.reste) },
            {
              key: 'settled',
              header: t('columns.paid'),
              render: (p) =>
                p.remboursement ? (
                  <Text size="sm" fw={600} c="red.8" data-testid="payment-refund">
                    {t('columns.refund')}
                  </Text>
                ) : (
                  <Text size="sm" fw={600} c={p.solde ? 'green.8' : 'orange.8'}>
                    {p.solde ? t('columns.settled') : t('columns.unsettled')}
                  </Text>
                ),
            },
            { key: 'date', header: t('columns.date'), render: (p) => formatDate(p.datePaiement, 'paymentDateTime') },
          ]}
          actions={[
            { key: 'view', label: t('actions.details'), icon: <IconEye size={18} />, onClick: setShown },
            ...documents,
          ]}
        >
          <PaymentDetails payment={shown} onClose={() => setShown(null)} />
        </ListPage>
      )}
    </RequireShop>
  );
}
