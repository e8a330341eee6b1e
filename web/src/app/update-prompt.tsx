import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { isSaleInProgress, useSaleInProgress } from '../lib/sale-activity';

/** A new version is looked for this often while the app stays open (a till is open all day). */
const CHECK_EVERY_MS = 30 * 60_000;
/**
 * The service worker is registered this long after the page has loaded: its precache (the till and
 * the catalogues) then does not share a slow link with the first screen's own files.
 */
const REGISTER_AFTER_MS = 3_000;

/** Registers the service worker once the first screen had the link to itself (see UpdateNotice). */
export function UpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => setReady(true), REGISTER_AFTER_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('load', start);
    };
  }, []);
  return ready ? <UpdateNotice /> : null;
}

/**
 * Registers the service worker (issue 20 item 1) and announces a new version: « Nouvelle version :
 * recharger ». The reload replaces the app, so it is offered only while no sale is under way (an
 * empty cart and no payment open); during a sale the notice waits.
 */
function UpdateNotice() {
  const { t } = useTranslation();
  const saleInProgress = useSaleInProgress();
  const [later, setLater] = useState(false);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, CHECK_EVERY_MS);
    },
  });

  if (!needRefresh || later || saleInProgress) return null;
  return (
    // Above the page and the till's phone bar (90), under the menu drawer (AppShell, 100): the
    // drawer's sign-out stays reachable. Its buttons go under its text on a phone.
    <Affix position={{ bottom: 16, left: 16 }} zIndex={95}>
      <Paper shadow="lg" radius="md" p="sm" withBorder role="status" data-testid="app-update" maw="calc(100vw - 32px)">
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('update.available')}
          </Text>
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => {
              if (!isSaleInProgress()) void updateServiceWorker(true);
            }}
            data-testid="app-update-reload"
          >
            {t('update.reload')}
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => setLater(true)}>
            {t('update.later')}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
