import type { Invoice } from '@app/common/contracts/invoices';
import { changeDue } from '@app/common/payments';
import { formatFcfa } from '@app/common/money';
import { can } from '@app/common/permissions';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconCash, IconTruckDelivery, IconCalculator, IconHistory, IconLockDollar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list-page';
import type { RowAction } from '../../../components/paged-table';
import { RequireShop } from '../../../components/require-shop';
import { useFormatDate } from '../../../lib/dates';
import { ApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { roleIds, useSession } from '../../../lib/session';
import { useLangPath } from '../../../lib/use-lang';
import { checkInvoice, getSettledPage, getToDeliverPage, getUnsettledPage } from '../api/cash-desk-api';
import { DeliverDialog } from './deliver-dialog';
import { useDocumentActions } from './document-actions';
import { PayDialog } from './pay-dialog';
import { PaymentHistoryDialog } from './payment-history-dialog';
import { unbrokenNumber } from '../../../lib/document-number';
import { InvoiceDate } from '../../../components/invoice-date';

/** The payment-history action (seed 001 §2, §6): never on a proforma, which is never paid. */
export function historyAction(t: (key: string) => string, open: (invoice: Invoice) => void): RowAction<Invoice> {
  return {
    key: 'history',
    label: t('actions.history'),
    icon: <IconHistory size={18} />,
    hidden: (f) => f.typeFacture.idTypeFacture === PROFORMA,
    onClick: open,
  };
}

const PROFORMA = 3;

function useInvoiceColumns() {
  const { t } = useTranslation('cash-desk');
  const formatDate = useFormatDate();
  return [
    { key: 'code', header: t('columns.code'), render: (f: Invoice) => f.codeFac },
    {
      key: 'client',
      header: t('columns.client'),
      render: (f: Invoice) => (f.client ? `${f.client.nom} ${f.client.prenom}` : t('columns.noClient')),
    },
    { key: 'total', header: t('columns.total'), render: (f: Invoice) => formatFcfa(f.montantFacture) },
    {
      key: 'paid',
      header: t('columns.paid'),
      render: (f: Invoice) => (
        <Text size="sm" fw={600} c={f.solde ? 'green.8' : 'orange.8'}>
          {f.solde ? t('columns.settled') : t('columns.unsettled')}
        </Text>
      ),
    },
    { key: 'reste', header: t('columns.remaining'), render: (f: Invoice) => formatFcfa(f.reste) },
    { key: 'date', header: t('columns.date'), render: (f: Invoice) => <InvoiceDate invoice={f} formatDate={formatDate} /> },
  ];
}

/** The pay action of a settled row: never clickable (its reason is its tooltip). */
function payAction(t: (key: string) => string): RowAction<Invoice> {
  return { key: 'pay', label: t('actions.pay'), icon: <IconCash size={18} />, onClick: () => undefined };
}

/** Errors of an action (the pre-check, a PDF) shown as the server's text. */
function reportError(error: unknown, fallback: string) {
  notifyError(error instanceof ApiError ? error.message : fallback);
}

/** app/facture-non-solde (seed 001 §2): the cash desk's unsettled invoices, pay (not proformas) and PDF. */
export function UnsettledInvoicesPage() {
  const { t } = useTranslation('cash-desk');
  const columns = useInvoiceColumns();
  const documents = useDocumentActions((f: Invoice) => f.file);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [history, setHistory] = useState<Invoice | null>(null);
  const to = useLangPath();
  const roles = roleIds(useSession()?.user);
  const startPay = async (invoice: Invoice) => {
    try {
      // Undelivered invoices first pass the pre-check (seed 001 §4); its refusal is the server's text.
      await checkInvoice(invoice.idFacture, 'paiement');
      setPaying(invoice);
    } catch (error) {
      reportError(error, t('pay.error'));
    }
  };
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Invoice>
          title={t('unsettled.title')}
          subtitle={t('unsettled.subtitle', { shop: shop.nom })}
          queryKey={queryKeys.cashDesk.list('unsettled', shop.idBoutique)}
          fetcher={(page, term, signal) => getUnsettledPage(shop.idBoutique, page, term, signal)}
          rowKey={(f) => f.idFacture}
          searchLabel={t('search')}
          testId="unsettled-table"
          toolbarExtra={
            can({ roles }, 'closings:use') && (
              <Button
                component={Link}
                to={to('app/cloture-caisse')}
                variant="light"
                leftSection={<IconLockDollar size={16} />}
                data-testid="cash-desk-closing"
              >
                {t('common:menu.clotureCaisse')}
              </Button>
            )
          }
          columns={columns}
          actions={[
            {
              key: 'pay',
              label: t('actions.pay'),
              icon: <IconCash size={18} />,
              hidden: (f) => f.typeFacture.idTypeFacture === PROFORMA,
              onClick: (f) => void startPay(f),
            },
            historyAction(t, setHistory),
            ...documents,
          ]}
        >
          <PayDialog invoice={paying} shopId={shop.idBoutique} cashier onClose={() => setPaying(null)} />
          <PaymentHistoryDialog invoice={history} onClose={() => setHistory(null)} />
        </ListPage>
      )}
    </RequireShop>
  );
}

/** Seed 001 §4: the settled-invoice dialog shows what to give back = remitted - paid. */
function RemittedDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const { t } = useTranslation('cash-desk');
  const [remitted, setRemitted] = useState<number | string>('');
  const [paid, setPaid] = useState<number | string>('');
  const both = typeof remitted === 'number' && typeof paid === 'number';
  return (
    <Modal
      opened={invoice !== null}
      onClose={onClose}
      title={t('settled.dialogTitle', { code: unbrokenNumber(invoice?.codeFac ?? '') })}
      data-testid="remitted-dialog"
    >
      <Stack>
        <Text size="sm">
          {t('common:labelled', { label: t('pay.total') })} <b>{formatFcfa(invoice?.montantFacture ?? 0)}</b>
        </Text>
        <NumberInput
          label={t('settled.remitted')}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          value={remitted}
          onChange={setRemitted}
          required
          data-testid="remitted-amount"
        />
        <NumberInput
          label={t('settled.paid')}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          value={paid}
          onChange={setPaid}
          required
          data-testid="remitted-paid"
        />
        <Group>
          <Text>{t('common:labelled', { label: t('settled.giveBack') })}</Text>
          <Text fw={700} data-testid="remitted-change">
            {both ? formatFcfa(changeDue(remitted, paid)) : '—'}
          </Text>
        </Group>
      </Stack>
    </Modal>
  );
}

/** app/facture-solde (seed 001 §2): settled invoices, with the remitted / paid dialog and PDF. */
export function SettledInvoicesPage() {
  const { t } = useTranslation('cash-desk');
  const columns = useInvoiceColumns();
  const documents = useDocumentActions((f: Invoice) => f.file);
  const [open, setOpen] = useState<Invoice | null>(null);
  const [history, setHistory] = useState<Invoice | null>(null);
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Invoice>
          title={t('settled.title')}
          subtitle={t('settled.subtitle', { shop: shop.nom })}
          queryKey={queryKeys.cashDesk.list('settled', shop.idBoutique)}
          fetcher={(page, term, signal) => getSettledPage(shop.idBoutique, page, term, signal)}
          rowKey={(f) => f.idFacture}
          searchLabel={t('search')}
          testId="settled-table"
          columns={columns}
          actions={[
            // Shown greyed, with the reason, rather than hidden (seed 001 §4).
            { ...payAction(t), disabledReason: (f) => (f.solde ? t('actions.settledNoPay') : null) },
            { key: 'remitted', label: t('actions.remitted'), icon: <IconCalculator size={18} />, onClick: setOpen },
            historyAction(t, setHistory),
            ...documents,
          ]}
        >
          <RemittedDialog key={open?.idFacture ?? 0} invoice={open} onClose={() => setOpen(null)} />
          <PaymentHistoryDialog invoice={history} onClose={() => setHistory(null)} />
        </ListPage>
      )}
    </RequireShop>
  );
}

/** app/facture-livraison (seed 001 §2): invoices to deliver; start a delivery after the pre-check. */
export function InvoicesToDeliverPage() {
  const { t } = useTranslation('cash-desk');
  const columns = useInvoiceColumns();
  const documents = useDocumentActions((f: Invoice) => f.file);
  const session = useSession();
  const [delivering, setDelivering] = useState<Invoice | null>(null);
  const start = async (invoice: Invoice) => {
    try {
      await checkInvoice(invoice.idFacture, 'livraison');
      setDelivering(invoice);
    } catch (error) {
      reportError(error, t('deliver.error'));
    }
  };
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Invoice>
          title={t('toDeliver.title')}
          subtitle={t('toDeliver.subtitle', { shop: shop.nom })}
          queryKey={queryKeys.cashDesk.list('to-deliver', shop.idBoutique)}
          fetcher={(page, term, signal) => getToDeliverPage(shop.idBoutique, page, term, signal)}
          rowKey={(f) => f.idFacture}
          searchLabel={t('search')}
          testId="to-deliver-table"
          columns={columns}
          actions={[
            {
              key: 'deliver',
              label: t('actions.deliver'),
              icon: <IconTruckDelivery size={18} />,
              hidden: () => !can({ roles: roleIds(session?.user) }, 'deliveries:create'),
              onClick: (f) => void start(f),
            },
            ...documents,
          ]}
        >
          <DeliverDialog invoice={delivering} shopId={shop.idBoutique} onClose={() => setDelivering(null)} />
        </ListPage>
      )}
    </RequireShop>
  );
}
