import { IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NoAccess } from '../components/no-access';
import { NotFoundPage } from '../components/not-found-page';
import { StatusCard } from '../components/status-card';
import { roleIds, useSession } from '../lib/session';
import { useLangPath } from '../lib/use-lang';
import { screenAccess } from '../lib/screen-access';
import { useDocumentTitle } from '../lib/use-document-title';
import { findScreen } from '@app/common/screens';

/** Guards one screen of the app by role; the server refuses its calls anyway. */
export function ScreenRoute({ path, children }: { path: string; children?: ReactNode }) {
  const session = useSession();
  const { t } = useTranslation();
  const to = useLangPath();
  const access = screenAccess(path, roleIds(session?.user));
  const screen = findScreen(path);
  useDocumentTitle(screen ? t(`menu.${screen.menuKey}`) : t('notFound.title'));
  if (access === 'unknown') return <NotFoundPage home="app/accueil" />;
  if (access === 'forbidden') return <NoAccess />;
  if (access === 'unavailable' || !children) {
    return (
      <StatusCard
        testId="coming-soon"
        icon={<IconClockHour4 size={30} />}
        color="ochre"
        title={t('comingSoon.title')}
        text={t('comingSoon.text')}
        action={{ label: t('notFound.back'), to: to('app/accueil') }}
      />
    );
  }
  return children;
}

/** `/app/:screen` for screens of the route table that have no page of their own yet. */
export function GenericScreenRoute() {
  const { screen = '' } = useParams();
  return <ScreenRoute path={screen} />;
}
