import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLangPath } from '../lib/use-lang';
import { StatusCard } from './status-card';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage({ home = '' }: { home?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  const to = useLangPath();
  return (
    <StatusCard
      testId="not-found"
      icon={<IconMapOff size={30} />}
      color="gray"
      title={t('notFound.title')}
      action={{ label: t('notFound.back'), to: to(home) }}
    />
  );
}
