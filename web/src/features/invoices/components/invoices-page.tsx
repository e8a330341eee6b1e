import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Invoice } from '@app/common/contracts/invoices';
import { formatDate } from '@app/common/dates';
import { toLanguage } from '@app/common/languages';
import { formatFcfa } from '@app/common/money';
import { can, canSee } from '@app/common/permissions';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPencil, IconReceipt, IconReceiptRefund, IconTransform } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list-page';
import type { RowAction } from '../../../components/paged-table';
import { RequireShop } from '../../../components/require-shop';
import { notifyError } from '../../../lib/notify';
import { openPdf } from '../../../lib/open-pdf';
import { queryKeys } from '../../../lib/query-keys';
import { roleIds, useSession } from '../../../lib/session';
import { getInvoicesPage, useDeleteInvoice } from '../api/invoices';
import { ConvertDialog } from './convert-dialog';
import { InvoiceCreateDialog } from './invoice-create-dialog';
import { InvoiceDocumentDialog } from './invoice-document-dialog';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { InvoiceDate } from '../../../components/invoice-date';

const isQuote = (x: Invoice) => x.typeFacture.idTypeFacture === INVOICE_TYPE.proforma;

/** What the server lets change (DECISIONS §6): not both paid and delivered, not a converted proforma. */
export function isEditable(invoice: Invoice): boolean {
  return !(invoice.solde && invoice.livre) && invoice.convertedToId === null && !invoice.deleted;
}

/** What a page composing this list adds to it (the cash desk's pay and history, app/pages/invoices-screen). */
export type InvoiceListExtras = { actions: RowAction<Invoice>[]; dialogs: ReactNode };

/**
 * app/facture (seed 001 §2): directors see every invoice of the shop with the seller, others
 * their own (the server decides, DECISIONS §1). Create, PDF and ticket, proforma conversion,
 * edit while unpaid or not delivered, delete (directors).
 */
export function InvoicesPage({ extras }: { extras?: (shopId: number) => InvoiceListExtras } = {}) {
  const { t, i18n } = useTranslation(['invoices', 'common', 'legal']);
  const session = useSession();
  const roles = { roles: roleIds(session?.user) };
  const all = canSee(roles, 'invoices') === 'all';
  const mayDelete = can(roles, 'invoices:delete');
  const remove = useDeleteInvoice();
  const lang = toLanguage(i18n.language);
  // The invoice stays while the dialog fades out.
  const [editing, setEditing] = useState<{ invoice: Invoice | null; opened: boolean }>({ invoice: null, opened: false });
  const [documentOf, setDocumentOf] = useState<{ invoice: Invoice | null; opened: boolean }>({ invoice: null, opened: false });
  const open = (invoice: Invoice, format: 'a4' | 'ticket') =>
    openPdf(`/api/downloadFile/${invoice.file}?format=${format}&lang=${lang}`).catch((e: Error) => notifyError(e.message));
  const [converting, setConverting] = useState<Invoice | null>(null);

  return (
    <RequireShop>
      {(shop) => {
        const added = extras?.(shop.idBoutique);
        return (
          <ListPage<Invoice>
            title={t('list.title')}
            subtitle={all ? t('list.subtitleAll', { shop: shop.nom }) : t('list.subtitleOwn')}
            queryKey={queryKeys.invoices.list(shop.idBoutique, !all)}
            fetcher={(page, term, signal) => getInvoicesPage(shop.idBoutique, false, page, term, signal)}
            rowKey={(x) => x.idFacture}
            searchLabel={t('list.search')}
            testId="invoices-table"
            columns={[
              {
                key: 'code',
                header: t('list.number'),
                // A corrected or cancelled issued invoice says so under its number (issue 21); issued is the rule.
                render: (x) => (
                  <Stack gap={4} align="flex-start">
                    <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                      {x.codeFac}
                    </Text>
                    <InvoiceStatusBadge status={x.statut} />
                  </Stack>
                ),
              },
              {
                key: 'client',
                header: t('list.client'),
                render: (x) => (x.client ? `${x.client.nom} ${x.client.prenom}` : t('list.noClient')),
              },
              {
                key: 'type',
                header: t('list.type'),
                render: (x) => (
                  <Group gap={4} wrap="wrap">
                    <Badge variant="light" color={isQuote(x) ? 'grape' : 'blue'} styles={{ label: { overflow: 'visible' } }}>
                      {x.typeFacture.libelle}
                    </Badge>
                    {/* A converted quote links to the invoice it became, and an invoice to its quote. */}
                    {x.convertedToCode && (
                      <Anchor
                        component={Link}
                        size="xs"
                        to={`/${lang}/app/facture?q=${encodeURIComponent(x.convertedToCode)}`}
                        data-testid={`converted-to-${x.idFacture}`}
                      >
                        {t('list.convertedTo', { code: x.convertedToCode })}
                      </Anchor>
                    )}
                    {x.convertedFromCode && (
                      <Anchor
                        component={Link}
                        size="xs"
                        c="dimmed"
                        to={`/${lang}/app/facture?q=${encodeURIComponent(x.convertedFromCode)}`}
                        data-testid={`converted-from-${x.idFacture}`}
                      >
                        {t('list.convertedFrom', { code: x.convertedFromCode })}
                      </Anchor>
                    )}
                  </Group>
                ),
              },
              { key: 'total', header: t('list.total'), render: (x) => formatFcfa(x.montantFacture) },
              // A quote is never paid: no amount paid nor remainder on it.
              { key: 'paid', header: t('list.paid'), render: (x) => (isQuote(x) ? '—' : formatFcfa(x.montantPaye)) },
              { key: 'reste', header: t('list.remainder'), render: (x) => (isQuote(x) ? '—' : formatFcfa(x.reste)) },
              {
                key: 'date',
                header: t('list.date'),
                render: (x) => (
                  <InvoiceDate
                    invoice={x}
                    formatDate={(value, format) => formatDate(value, { lang, timeZone: shop.timeZone, format })}
                  />
                ),
              },
              ...(all
                ? [{ key: 'seller', header: t('list.seller'), render: (x: Invoice) => x.ligneBoutique.boutiquesPK.user.username }]
                : []),
            ]}
            create={{ label: t('list.new'), testId: 'new-invoice' }}
            editable={false}
            form={(dialog) => <InvoiceCreateDialog opened={dialog.opened} shopId={shop.idBoutique} onClose={dialog.close} />}
            actions={[
              {
                key: 'edit',
                label: t('edit.action'),
                icon: <IconPencil size={18} />,
                hidden: (x) => !isEditable(x),
                onClick: (x) => setEditing({ invoice: x, opened: true }),
              },
              { key: 'pdf', label: t('list.pdf'), icon: <IconFileTypePdf size={18} />, onClick: (x) => void open(x, 'a4') },
              { key: 'ticket', label: t('list.ticket'), icon: <IconReceipt size={18} />, onClick: (x) => void open(x, 'ticket') },
              {
                key: 'document',
                label: t('legal:document.action'),
                icon: <IconReceiptRefund size={18} />,
                // A proforma is a quote: never an issued document (DECISIONS §14).
                hidden: (x) => isQuote(x),
                onClick: (x) => setDocumentOf({ invoice: x, opened: true }),
              },
              {
                key: 'convert',
                label: t('list.convert'),
                icon: <IconTransform size={18} />,
                hidden: (x) => !isQuote(x) || x.convertedToId !== null || x.deleted,
                onClick: (x) => setConverting(x),
              },
              ...(added?.actions ?? []),
            ]}
            remove={
              mayDelete
                ? {
                    itemName: (x) => x.codeFac,
                    // What the deletion does (DECISIONS §11, §14): a proforma goes; an invoice is
                    // cancelled, kept and taken back by a credit note, its stock back, its payments voided.
                    message: (x) =>
                      isQuote(x)
                        ? t('list.deleteQuoteConfirm')
                        : x.montantPaye > 0
                          ? t('list.deletePaidConfirm', { paid: formatFcfa(x.montantPaye) })
                          : t('list.deleteConfirm'),
                    onConfirm: (x, idempotencyKey) => remove.mutateAsync({ id: x.idFacture, idempotencyKey }),
                    successMessage: t('list.deleted'),
                    failureMessage: t('list.deleteError'),
                  }
                : undefined
            }
          >
            <InvoiceCreateDialog
              opened={editing.opened}
              invoice={editing.invoice}
              shopId={shop.idBoutique}
              onClose={() => setEditing((current) => ({ ...current, opened: false }))}
            />
            <InvoiceDocumentDialog
              opened={documentOf.opened}
              invoice={documentOf.invoice}
              timeZone={shop.timeZone}
              onClose={() => setDocumentOf((current) => ({ ...current, opened: false }))}
            />
            <ConvertDialog proforma={converting} shopId={shop.idBoutique} onClose={() => setConverting(null)} />
            {added?.dialogs}
          </ListPage>
        );
      }}
    </RequireShop>
  );
}
