import { Alert, Button, Card, Group, List, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { useDocumentsControl } from '../api/get-documents-control';
import { faultLines } from '../first-fault';

/**
 * app/controle-documents (issue 21, director): checks the hash chains of every issued invoice,
 * ticket and credit note of the shop, and says either that all hold or which link broke first.
 */
export function DocumentControlPage() {
  const { t } = useTranslation(['legal', 'common']);
  return (
    <RequireShop>
      {(shop) => (
        <Stack gap="lg">
          <PageHeader title={t('control.title')} subtitle={t('control.subtitle', { shop: shop.nom })} />
          <ControlResult idBoutique={shop.idBoutique} />
        </Stack>
      )}
    </RequireShop>
  );
}

function ControlResult({ idBoutique }: { idBoutique: number }) {
  const { t } = useTranslation(['legal', 'common']);
  const control = useDocumentsControl(idBoutique);
  const again = (
    <Button
      variant="light"
      leftSection={<IconRefresh size={18} />}
      onClick={() => void control.refetch()}
      loading={control.isFetching}
      data-testid="control-run"
    >
      {t('control.run')}
    </Button>
  );

  if (control.isPending) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('control.running')}</Text>
      </Group>
    );
  }
  if (control.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="control-error">
          {control.error.message || t('control.error')}
        </Alert>
        {again}
      </Stack>
    );
  }
  const result = control.data;
  const lines = faultLines(result.premierDefaut);
  return (
    <Card withBorder padding="lg" radius="md" maw={720}>
      <Stack gap="md" align="flex-start">
        {result.ok ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconShieldCheck />}
            title={t('control.ok')}
            data-testid="control-ok"
            w="100%"
          >
            {t('control.okText', { count: result.documents })}
          </Alert>
        ) : (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title={t('control.broken')}
            data-testid="control-broken"
            w="100%"
          >
            <Text size="sm">{t('control.brokenText', { count: result.documents })}</Text>
            <List size="sm" mt="xs">
              {lines.map((line) => (
                <List.Item key={line.key}>
                  {t('control.line', {
                    label: t(`control.${line.key}`),
                    value: line.key === 'reason' ? t(line.value) : line.value,
                  })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {again}
      </Stack>
    </Card>
  );
}
