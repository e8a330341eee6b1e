import { formatDate } from '@app/common/dates';
import { formatFcfa } from '@app/common/money';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { openCreditNotePdf } from '../../../lib/credit-note-pdf';
import type { CreditNote } from '@app/common/contracts/legal';
import { notifyError } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { useLang } from '../../../lib/use-lang';
import { getCreditNotesPage } from '../api/get-credit-notes';

/**
 * app/avoirs (issue 21): the shop's credit notes (directors and managers), paged like the other
 * lists, each with the invoice it corrects and its PDF. Read-only: a credit note is made by the
 * edit or deletion of an issued invoice, never by hand.
 */
export function CreditNotesPage() {
  const { t } = useTranslation(['legal', 'common']);
  const lang = useLang();
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<CreditNote>
          title={t('creditNotes.title')}
          subtitle={t('creditNotes.subtitle', { shop: shop.nom })}
          queryKey={queryKeys.legal.creditNotes(shop.idBoutique)}
          fetcher={(page, _term, signal) => getCreditNotesPage(shop.idBoutique, page, signal)}
          rowKey={(x) => x.idAvoir}
          testId="credit-notes-table"
          columns={[
            { key: 'number', header: t('creditNotes.number'), render: (x) => x.numero },
            { key: 'invoice', header: t('creditNotes.invoice'), render: (x) => x.facture.codeFac },
            { key: 'motif', header: t('creditNotes.motif'), render: (x) => t(`creditNotes.motifs.${x.motif}`) },
            { key: 'amount', header: t('creditNotes.amount'), render: (x) => formatFcfa(x.totalTtc) },
            {
              key: 'date',
              header: t('creditNotes.date'),
              render: (x) => formatDate(x.date, { lang, timeZone: shop.timeZone, format: 'dateTime' }),
            },
          ]}
          editable={false}
          actions={[
            {
              key: 'pdf',
              label: t('creditNotes.pdf'),
              icon: <IconFileTypePdf size={18} />,
              onClick: (x) => void openCreditNotePdf(x.idAvoir).catch((e: Error) => notifyError(e.message)),
            },
          ]}
        />
      )}
    </RequireShop>
  );
}
