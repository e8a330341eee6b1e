import { Button, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { fetchStockPrint, type PrintProgress } from '../api/print-stock';

/**
 * A stock print: the tab opens on the click (a window opened after an await is blocked), the
 * screen shows the pages done while the server streams them, then the tab receives the PDF.
 */
export function PrintButton({ path, label, testId }: { path: string; label: string; testId: string }) {
  const { t } = useTranslation('stock');
  const [progress, setProgress] = useState<PrintProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const print = async () => {
    const tab = window.open('', '_blank');
    tab?.document.write(`<title>${t('print.preparing')}</title><p style="font-family:sans-serif">${t('print.preparing')}</p>`);
    controller.current = new AbortController();
    setProgress({ pages: 0, done: 0 });
    try {
      const blob = await fetchStockPrint(path, setProgress, controller.current.signal);
      const url = URL.createObjectURL(blob);
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      if (!controller.current.signal.aborted) notifyError(error instanceof Error ? error.message : t('print.error'));
    } finally {
      setProgress(null);
      controller.current = null;
    }
  };

  const percent = progress && progress.pages > 0 ? Math.round((progress.done / progress.pages) * 100) : 0;
  return (
    <>
      <Button variant="light" leftSection={<IconPrinter size={18} />} onClick={() => void print()} loading={progress !== null} data-testid={testId}>
        {label}
      </Button>
      <Modal opened={progress !== null} onClose={() => controller.current?.abort()} title={t('print.building')} centered>
        <Stack gap="sm" data-testid="print-progress">
          <Progress value={percent} animated size="lg" aria-label={t('print.building')} />
          <Text size="sm" c="dimmed">
            {progress && progress.pages > 0 ? t('print.progress', { done: progress.done, pages: progress.pages }) : t('print.preparing')}
          </Text>
          <Button variant="default" onClick={() => controller.current?.abort()}>
            {t('common:actions.cancel')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
