import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLangPath } from '../lib/use-lang';
import { StatusCard } from './status-card';

/** A screen typed in the URL by a user whose roles do not open it (the API refuses it anyway). */
export function NoAccess() {
  const { t } = useTranslation();
  const to = useLangPath();
  return (
    <StatusCard
      testId="no-access"
      icon={<IconLock size={30} />}
      color="red"
      title={t('forbiddenTitle')}
      text={t('forbidden')}
      action={{ label: t('notFound.back'), to: to('app/accueil') }}
    />
  );
}
