import { formatDate } from '@app/common/dates';
import { formatFcfa } from '@app/common/money';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openCreditNotePdf } from '../../../lib/credit-note-pdf';
import type { CreditNote } from '../../../lib/legal-wire';
import { notifyError } from '../../../lib/notify';
import { useLang } from '../../../lib/use-lang';

/** The credit notes that correct one invoice (its answer's `avoirs`), each with its PDF. */
export function InvoiceCreditNotesDialog({
  opened,
  code,
  creditNotes,
  timeZone,
  onClose,
}: {
  opened: boolean;
  code: string;
  creditNotes: CreditNote[];
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('legal');
  const lang = useLang();
  return (
    <Modal opened={opened} onClose={onClose} title={t('creditNotes.ofInvoice', { code })} size={520}>
      <Stack gap="sm" data-testid="invoice-credit-notes">
        {creditNotes.length === 0 && <Text c="dimmed">{t('creditNotes.none')}</Text>}
        {creditNotes.map((note) => (
          <Group key={note.idAvoir} justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text fw={600}>{note.codeAvoir}</Text>
              <Text size="sm" c="dimmed">
                {formatDate(note.createdAt, { lang, timeZone, format: 'dateTime' })} · {formatFcfa(note.montant)}
              </Text>
            </div>
            <Button
              variant="light"
              leftSection={<IconFileTypePdf size={18} />}
              onClick={() => void openCreditNotePdf(note.idAvoir).catch((e: Error) => notifyError(e.message))}
              data-testid={`credit-note-pdf-${note.idAvoir}`}
            >
              {t('creditNotes.pdf')}
            </Button>
          </Group>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('creditNotes.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
