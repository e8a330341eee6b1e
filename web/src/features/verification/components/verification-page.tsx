import { formatDate } from '@app/common/dates';
import { formatFcfa } from '@app/common/money';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh, IconShieldX } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicCardLayout } from '../../../components/public-card-layout';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { useVerification } from '../api/get-verification';
import { isPlausibleCode, verdictOf, type Verdict } from '../verdict';

const VERDICT_COLOR: Record<Verdict, string> = { valid: 'teal', corrected: 'orange', cancelled: 'red' };

/**
 * /{lang}/verifier/{code} (issue 21): the page an issued document's QR code opens, without
 * signing in. It shows the issuer, the number, the date, the total and the status, nothing
 * else; an unknown or altered code says that the document cannot be verified.
 */
export function VerificationPage() {
  const { t } = useTranslation('legal');
  const { code } = useParams();
  useDocumentTitle(t('verify.title'));
  return (
    <PublicCardLayout>
      <Card withBorder radius="md" padding="lg" shadow="sm">
        <Stack gap="md">
          <Title order={1} fz={22}>
            {t('verify.title')}
          </Title>
          {isPlausibleCode(code) ? <VerificationResult code={code} /> : <CannotVerify />}
        </Stack>
      </Card>
    </PublicCardLayout>
  );
}

function CannotVerify() {
  const { t } = useTranslation('legal');
  return (
    <Alert color="red" variant="light" icon={<IconShieldX />} title={t('verify.invalidTitle')} data-testid="verify-invalid">
      <Text size="sm">{t('verify.invalid')}</Text>
      <Text size="sm" mt={4}>
        {t('verify.invalidHint')}
      </Text>
    </Alert>
  );
}

function VerificationResult({ code }: { code: string }) {
  const { t } = useTranslation('legal');
  const lang = useLang();
  const query = useVerification(code);

  if (query.isPending) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('verify.loading')}</Text>
      </Group>
    );
  }
  if (query.isError) {
    const answered =
      query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500 && query.error.status !== 429;
    if (answered) return <CannotVerify />;
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="ochre" variant="light" icon={<IconAlertTriangle />} data-testid="verify-error">
          {query.error instanceof ApiError && query.error.status === 429 ? query.error.message : t('verify.networkError')}
        </Alert>
        <Button variant="light" leftSection={<IconRefresh size={18} />} onClick={() => void query.refetch()}>
          {t('verify.retry')}
        </Button>
      </Stack>
    );
  }

  const doc = query.data;
  const verdict = verdictOf(doc.statut);
  const rows: [string, string][] = [
    [t('verify.issuer'), doc.emetteur],
    [t('verify.number'), doc.numero],
    [t('verify.date'), formatDate(doc.date, { lang, timeZone: doc.fuseau })],
    [t('verify.total'), formatFcfa(doc.total)],
  ];
  return (
    <Stack gap="sm" data-testid="verify-result">
      <Group gap="xs">
        {verdict === 'valid' && <IconCircleCheck color="var(--mantine-color-teal-7)" aria-hidden />}
        <Badge size="lg" variant="light" color={VERDICT_COLOR[verdict]} data-testid={`verify-status-${verdict}`}>
          {t(`verify.${verdict}`)}
        </Badge>
      </Group>
      <Stack gap={10} component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={600} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}
