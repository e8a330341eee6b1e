import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Invoice } from '@app/common/contracts/invoices';
import { toLanguage } from '@app/common/languages';
import { formatFcfa } from '@app/common/money';
import { Badge, SegmentedControl, Text } from '@mantine/core';
import { IconCash, IconFileTypePdf, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import { RequireShop } from '../../components/require-shop';
import { checkInvoice, getUnsettledPage } from '../../features/cash-desk/api/cash-desk-api';
import { PayDialog } from '../../features/cash-desk/components/pay-dialog';
import { getInvoicesPage } from '../../features/invoices/api/invoices';
import { InvoiceCreateDialog } from '../../features/invoices/components/invoice-create-dialog';
import { ApiError } from '../../lib/api-error';
import { useFormatDate } from '../../lib/dates';
import { notifyError } from '../../lib/notify';
import { openPdf } from '../../lib/open-pdf';
import { queryKeys } from '../../lib/query-keys';
import { InvoiceDate } from '../../components/invoice-date';

type View = 'mine' | 'toCash';

/**
 * app/facture-caissier, cashier sales (seed 001 §2, §3 cashier variant): the cashier makes a sale
 * with the invoice dialog and takes its payment at once in the cashier's pay dialog (register,
 * method, what was handed over, change), or cashes an invoice already made: one of their own
 * sales, or any unsettled invoice of the shop. Proformas are never paid (DECISIONS §6). The
 * page composes the invoices and cash-desk features.
 */
export function CashierSalesPage() {
  const { t, i18n } = useTranslation(['cash-desk', 'invoices', 'common']);
  const formatDate = useFormatDate();
  const lang = toLanguage(i18n.language);
  const [view, setView] = useState<View>('mine');
  // The invoice stays while the pay dialog fades out.
  const [paying, setPaying] = useState<Invoice | null>(null);

  const isProforma = (f: Invoice) => f.typeFacture.idTypeFacture === INVOICE_TYPE.proforma;
  const afterSale = (invoice: Invoice) => {
    // A proforma is a quote: it is never paid (DECISIONS §6).
    if (!isProforma(invoice) && invoice.reste > 0) setPaying(invoice);
  };
  const startPay = async (invoice: Invoice) => {
    try {
      // The pre-check of seed 001 §4: its refusal is the server's text.
      await checkInvoice(invoice.idFacture, 'paiement');
      setPaying(invoice);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('pay.error'));
    }
  };
  const open = (f: Invoice, format: 'a4' | 'ticket') =>
    void openPdf(`/api/downloadFile/${f.file}?format=${format}&lang=${lang}`).catch((e: Error) => notifyError(e.message));

  return (
    <RequireShop>
      {(shop) => (
        <ListPage<Invoice>
          title={t('cashierSales.title')}
          subtitle={view === 'mine' ? t('cashierSales.subtitleOwn', { shop: shop.nom }) : t('cashierSales.subtitleUnsettled', { shop: shop.nom })}
          toolbarExtra={
            <SegmentedControl
                value={view}
                onChange={(value) => setView(value as View)}
                data={[
                  { value: 'mine', label: t('cashierSales.mine') },
                  { value: 'toCash', label: t('cashierSales.toCash') },
                ]}
                data-testid="cashier-sales-view"
              />
          }
          queryKey={view === 'mine' ? queryKeys.invoices.list(shop.idBoutique, true) : queryKeys.cashDesk.list('unsettled', shop.idBoutique)}
          fetcher={(page, term, signal) =>
            view === 'mine' ? getInvoicesPage(shop.idBoutique, true, page, term, signal) : getUnsettledPage(shop.idBoutique, page, term, signal)
          }
          rowKey={(f) => f.idFacture}
          searchLabel={t('search')}
          testId="cashier-sales-table"
          columns={[
            { key: 'code', header: t('columns.code'), render: (f) => f.codeFac },
            { key: 'client', header: t('columns.client'), render: (f) => (f.client ? `${f.client.nom} ${f.client.prenom}` : t('columns.noClient')) },
            {
              key: 'type',
              header: t('cashierSales.type'),
              render: (f) => (
                <Badge variant="light" color={isProforma(f) ? 'grape' : 'blue'} styles={{ label: { overflow: 'visible' } }}>
                  {f.typeFacture.libelle}
                </Badge>
              ),
            },
            { key: 'total', header: t('columns.total'), render: (f) => formatFcfa(f.montantFacture) },
            {
              key: 'paid',
              header: t('columns.paid'),
              render: (f) => (
                <Text size="sm" fw={600} c={f.solde ? 'green.8' : 'orange.8'} data-testid={`sale-status-${f.idFacture}`}>
                  {f.solde ? t('columns.settled') : t('columns.unsettled')}
                </Text>
              ),
            },
            { key: 'reste', header: t('columns.remaining'), render: (f) => formatFcfa(f.reste) },
            { key: 'date', header: t('columns.date'), render: (f) => <InvoiceDate invoice={f} formatDate={formatDate} /> },
          ]}
          create={{ label: t('cashierSales.new'), testId: 'new-sale' }}
          editable={false}
          form={(dialog) => <InvoiceCreateDialog opened={dialog.opened} shopId={shop.idBoutique} onClose={dialog.close} onCreated={afterSale} />}
          actions={[
            {
              key: 'pay',
              label: t('actions.pay'),
              icon: <IconCash size={18} />,
              hidden: (f) => f.solde || isProforma(f),
              onClick: (f) => void startPay(f),
            },
            { key: 'pdf', label: t('actions.pdf'), icon: <IconFileTypePdf size={18} />, onClick: (f) => open(f, 'a4') },
            { key: 'ticket', label: t('invoices:list.ticket'), icon: <IconReceipt size={18} />, onClick: (f) => open(f, 'ticket') },
          ]}
        >
          <PayDialog invoice={paying} shopId={shop.idBoutique} cashier onClose={() => setPaying(null)} />
        </ListPage>
      )}
    </RequireShop>
  );
}
