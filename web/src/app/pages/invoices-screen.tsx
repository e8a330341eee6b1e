import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Invoice } from '@app/common/contracts/invoices';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkInvoice } from '../../features/cash-desk/api/cash-desk-api';
import { historyAction } from '../../features/cash-desk/components/invoice-list-pages';
import { PayDialog } from '../../features/cash-desk/components/pay-dialog';
import { PaymentHistoryDialog } from '../../features/cash-desk/components/payment-history-dialog';
import { InvoicesPage } from '../../features/invoices/components/invoices-page';
import { ApiError } from '../../lib/api-error';
import { notifyError } from '../../lib/notify';

/**
 * app/facture (seed 001 §2): the invoices list with the cash desk's pay dialog (sellers pay their
 * own invoices; the API allows it) and the payment-history dialog. Proformas are never paid and
 * have no history; a settled invoice shows the pay action greyed with the reason (seed 001 §4).
 * The page composes the invoices and cash-desk features.
 */
export function InvoicesScreen() {
  const { t } = useTranslation(['cash-desk', 'invoices', 'common']);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [history, setHistory] = useState<Invoice | null>(null);
  const startPay = async (invoice: Invoice) => {
    try {
      // The pre-check of seed 001 §4: its refusal is the server's text.
      await checkInvoice(invoice.idFacture, 'paiement');
      setPaying(invoice);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('pay.error'));
    }
  };
  return (
    <InvoicesPage
      extras={(shopId) => ({
        actions: [
          {
            key: 'pay',
            label: t('actions.pay'),
            icon: <IconCash size={18} />,
            hidden: (f) => f.typeFacture.idTypeFacture === INVOICE_TYPE.proforma || f.deleted,
            disabledReason: (f) => (f.solde ? t('actions.settledNoPay') : null),
            onClick: (f) => void startPay(f),
          },
          historyAction(t, setHistory),
        ],
        dialogs: (
          <>
            <PayDialog invoice={paying} shopId={shopId} cashier={false} onClose={() => setPaying(null)} />
            <PaymentHistoryDialog invoice={history} onClose={() => setHistory(null)} />
          </>
        ),
      })}
    />
  );
}
