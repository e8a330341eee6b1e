import type { CreditNoteRef, Invoice } from '@app/common/contracts/invoices';
import { formatDate } from '@app/common/dates';
import { formatFcfa } from '@app/common/money';
import { Alert, Anchor, Button, Divider, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openCreditNotePdf } from '../../../lib/credit-note-pdf';
import { openDocument } from '../../../lib/open-document';
import { formatRate } from '../../../lib/legal-countries';
import { notifyError } from '../../../lib/notify';
import { useLang } from '../../../lib/use-lang';
import { useInvoiceDetail } from '../api/get-invoice-detail';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { unbrokenNumber } from '../../../lib/document-number';

/**
 * The issued document of an invoice (issue 21): its status, totals without VAT, VAT per rate and
 * with VAT, the amount in words, the public verification page, and the credit notes that correct
 * it, each with its PDF.
 */
export function InvoiceDocumentDialog({
  opened,
  invoice,
  timeZone,
  onClose,
}: {
  opened: boolean;
  invoice: { idFacture: number; codeFac: string } | null;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['legal', 'common']);
  const lang = useLang();
  const detail = useInvoiceDetail(opened && invoice ? invoice.idFacture : null);
  const doc = detail.data;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('document.title', { code: unbrokenNumber(invoice?.codeFac ?? '') })}
      size={560}
    >
      <Stack gap="md" data-testid="invoice-document">
        {detail.isPending && <Loader size="sm" />}
        {detail.isError && (
          <Alert color="red" variant="light">
            {detail.error.message}
          </Alert>
        )}
        {doc && doc.statut === undefined && <Text c="dimmed">{t('document.none')}</Text>}
        {doc && doc.statut !== undefined && (
          <>
            <Group justify="space-between" wrap="wrap" gap="xs">
              {/* The invoice was corrected, but the document shown is its version in force: valid, as
                  its verification page says (« Corrigée » read as if this document were replaced). */}
              {doc.statut === 'corrigee' && (doc.versions?.length ?? 0) > 0 ? (
                <Group gap="xs" wrap="nowrap">
                  <InvoiceStatusBadge status="emise" issued />
                  <Text size="sm" c="dimmed" data-testid="invoice-corrective">
                    {t('document.corrective')}
                  </Text>
                </Group>
              ) : (
                <InvoiceStatusBadge status={doc.statut} issued />
              )}
              {doc.verification && (
                <Anchor
                  href={doc.verification.url}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                  data-testid="invoice-verification-link"
                >
                  <Group gap={4} wrap="nowrap">
                    {t('document.verify')}
                    <IconExternalLink size={14} />
                  </Group>
                </Anchor>
              )}
            </Group>
            <Table withRowBorders={false} verticalSpacing={4} data-testid="invoice-vat">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{t('document.totalHt')}</Table.Td>
                  <Table.Td ta="right">{formatFcfa(doc.totalHt ?? 0)}</Table.Td>
                </Table.Tr>
                {doc.assujettiTva === false && (
                  <Table.Tr>
                    <Table.Td colSpan={2}>{t('document.noVat')}</Table.Td>
                  </Table.Tr>
                )}
                {(doc.assujettiTva === false ? [] : (doc.tva ?? [])).map((v) => (
                  <Table.Tr key={String(v.taux)}>
                    <Table.Td>
                      {v.taux === null
                        ? t('document.exemptBase', { base: formatFcfa(v.base) })
                        : t('document.vatLine', { rate: formatRate(v.taux, lang), base: formatFcfa(v.base) })}
                    </Table.Td>
                    <Table.Td ta="right">{formatFcfa(v.montant)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td fw={700}>{t('document.totalTtc')}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatFcfa(doc.totalTtc ?? 0)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {doc.montantEnLettres && (
              <Text size="sm" fs="italic" lang="fr">
                {doc.montantEnLettres}
              </Text>
            )}
            <Divider />
            <Text fw={600}>{t('creditNotes.title')}</Text>
            <CreditNoteRows notes={doc.avoirs ?? []} timeZone={timeZone} />
            {(doc.versions ?? []).length > 0 && (
              <>
                <Divider />
                <Text fw={600}>{t('document.versions')}</Text>
                <VersionRows versions={doc.versions ?? []} timeZone={timeZone} />
              </>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('creditNotes.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One document beside the invoice (a credit note, a replaced version): its name, what it is, and its PDF. */
function DocumentRow(props: { title: string; detail: string; pdfLabel: string; openPdf: () => Promise<void>; testId: string }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <div>
        <Text fw={600}>{props.title}</Text>
        <Text size="sm" c="dimmed">
          {props.detail}
        </Text>
      </div>
      <Button
        variant="light"
        leftSection={<IconFileTypePdf size={18} />}
        onClick={() => void props.openPdf().catch((e: Error) => notifyError(e.message))}
        data-testid={props.testId}
      >
        {props.pdfLabel}
      </Button>
    </Group>
  );
}

/** The versions an edit replaced, each with the PDF of what was issued. */
function VersionRows({ versions, timeZone }: { versions: NonNullable<Invoice['versions']>; timeZone: string }) {
  const { t } = useTranslation('legal');
  const lang = useLang();
  return (
    <Stack gap="sm" data-testid="invoice-versions">
      {versions.map((version) => (
        <DocumentRow
          key={version.idDocument}
          title={t('document.versionOf', { date: formatDate(version.date, { lang, timeZone, format: 'dateTime' }) })}
          detail={`${t(`creditNotes.motifs.${version.statut === 'annulee' ? 'annulee' : 'corrigee'}`)} · ${formatFcfa(version.montant)}`}
          pdfLabel={t('document.versionPdf')}
          openPdf={() => openDocument(version.file)}
          testId={`invoice-version-pdf-${version.idDocument}`}
        />
      ))}
    </Stack>
  );
}

function CreditNoteRows({ notes, timeZone }: { notes: CreditNoteRef[]; timeZone: string }) {
  const { t } = useTranslation('legal');
  const lang = useLang();
  if (notes.length === 0) return <Text c="dimmed">{t('creditNotes.none')}</Text>;
  return (
    <Stack gap="sm" data-testid="invoice-credit-notes">
      {notes.map((note) => (
        <DocumentRow
          key={note.idAvoir}
          title={note.numero}
          detail={`${t(`creditNotes.motifs.${note.motif}`)} · ${formatDate(note.date, { lang, timeZone, format: 'dateTime' })} · ${formatFcfa(note.montant)}`}
          pdfLabel={t('creditNotes.pdf')}
          openPdf={() => openCreditNotePdf(note.idAvoir)}
          testId={`credit-note-pdf-${note.idAvoir}`}
        />
      ))}
    </Stack>
  );
}
