import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { routeErrorKind } from '../lib/route-error';
import { useDocumentTitle } from '../lib/use-document-title';
import { NotFoundPage } from './not-found-page';
import { StatusCard } from './status-card';

/**
 * The router's error element: what a screen that failed shows instead of React Router's own
 * (English, developer-facing) page. A screen not yet visited cannot be downloaded without network:
 * the person is told so, in their language, and tries again once the network is back (a reload,
 * since a failed download of a screen's code is not tried again by the page itself).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const [stillOffline, setStillOffline] = useState(false);
  const kind = routeErrorKind(error, navigator.onLine);
  const title = t(`routeError.${kind === 'notFound' ? 'failed' : kind}Title`);
  useDocumentTitle(title);
  if (kind === 'notFound') return <NotFoundPage />;

  const retry = () => {
    if (!navigator.onLine) setStillOffline(true);
    else window.location.reload();
  };
  return (
    <StatusCard
      testId="route-error"
      icon={kind === 'offline' ? <IconWifiOff size={30} /> : <IconAlertTriangle size={30} />}
      color={kind === 'offline' ? 'gray' : 'red'}
      title={title}
      text={t(`routeError.${kind}Text`)}
    >
      {stillOffline && (
        <Text size="sm" c="red" data-testid="route-error-still-offline">
          {t('routeError.stillOffline')}
        </Text>
      )}
      <Group justify="center" mt="xs">
        <Button onClick={retry} data-testid="route-error-retry">
          {t('actions.retry')}
        </Button>
      </Group>
    </StatusCard>
  );
}
