import type { ImportResult } from '@app/common/contracts/articles';
import type { Shop } from '@app/common/contracts/shops';
import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPicker } from '../../../components/entity-picker';
import { useDepotPicker } from '../../../components/pickers/depot-picker';
import { ApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useImportArticles } from '../api/articles';

/**
 * CSV import of articles with their initial stock into a depot: "Check" shows each bad row with
 * its line and reason; "Import" writes all rows in one transaction, or nothing.
 */
export function ArticleImportDialog({ opened, shop, onClose }: { opened: boolean; shop: Shop; onClose: () => void }) {
  const { t } = useTranslation(['articles', 'common']);
  const depotPicker = useDepotPicker(shop);
  const run = useImportArticles(shop.idBoutique);
  const [depot, setDepot] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const close = () => {
    onClose();
    setTimeout(() => {
      setFile(null);
      setResult(null);
    }, 300);
  };
  const submit = async (apply: boolean) => {
    if (!file || depot === null) return;
    try {
      const answer = await run.mutateAsync({ depot, csv: await file.text(), apply });
      setResult(answer);
      if (apply) {
        notifySuccess(t('importOk', { count: answer.created }));
        close();
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'IMPORT_INVALID' && Array.isArray(error.details)) {
        setResult({ rows: [], errors: error.details as ImportResult['errors'], created: 0 });
      }
      notifyError(error instanceof ApiError ? error.message : t('error'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('importTitle')} size={720} data-testid="article-import">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('importHelp')}
        </Text>
        <EntityPicker
          config={depotPicker}
          value={depot}
          onChange={(id) => setDepot(id)}
          label={t('importDepot')}
          placeholder={t('chooseDepot')}
          enabled={opened}
          testId="import-depot"
        />
        <FileInput
          label={t('importFile')}
          accept=".csv,text/csv"
          value={file}
          onChange={(value) => {
            setFile(value);
            setResult(null);
          }}
          clearable
          data-testid="import-file"
        />
        {result && result.errors.length > 0 && (
          <>
            <Alert color="red">{t('importErrors', { count: result.errors.length })}</Alert>
            <Table.ScrollContainer minWidth={320}>
              <Table data-testid="import-errors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('line')}</Table.Th>
                    <Table.Th>{t('reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.errors.map((e) => (
                    <Table.Tr key={`${e.line}-${e.reason}`}>
                      <Table.Td>{e.line}</Table.Td>
                      <Table.Td>{e.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
        {result && result.errors.length === 0 && <Alert color="green">{t('importReady', { count: result.rows.length })}</Alert>}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => void submit(false)}
            disabled={!file || depot === null}
            loading={run.isPending && !run.variables?.apply}
          >
            {t('preview')}
          </Button>
          <Button
            onClick={() => void submit(true)}
            disabled={!result || result.errors.length > 0 || result.rows.length === 0}
            loading={run.isPending && run.variables?.apply === true}
            data-testid="import-apply"
          >
            {t('importApply', { count: result?.rows.length ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
