import type { SigninBody } from '@app/common/contracts/auth';
import type { Shop } from '@app/common/contracts/shops';
import { Alert, Anchor, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconLock, IconUser } from '@tabler/icons-react';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PublicCardLayout } from '../../../components/public-card-layout';
import { ApiError } from '../../../lib/api-error';
import { resolveShop } from '../../../lib/current-shop';
import { safeReturnPath } from '../../../lib/return-path';
import { translateError } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { clearQueryCache } from '../../../lib/query-cache';
import { saveSignin, setCurrentShop, type LogoutReason } from '../../../lib/session';
import { useLangPath } from '../../../lib/use-lang';
import { signin } from '../api/signin';
import { useSigninForm } from '../signin-form';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { lazyNamed } from '../../../lib/lazy-named';

// Only a user of several shops sees it, after signing in: kept off the first screen's download
// (the dialog brings Mantine's Modal and its scroll area, about 30 KB gzip). Fetched as soon as
// the form is sent, so that it is there when the answer comes.
const loadShopChoice = () => import('../../../components/shop-choice-dialog');
const ShopChoiceDialog = lazyNamed(loadShopChoice, 'ShopChoiceDialog');

function reasonKey(reason: LogoutReason | null | undefined): string | null {
  if (reason === 'inactivity') return 'common:inactivity';
  if (reason === 'logout') return 'auth:login.loggedOut';
  return null;
}

/** Seed 000 §2 login: username, password with show/hide, Enter submits, shop choice when several. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  useDocumentTitle(t('login.title'));
  const to = useLangPath();
  const navigate = useNavigate();
  const location = useLocation();
  // The form is outside the query client's scope (QueryScope): one request, its own pending flag.
  const [pending, setPending] = useState(false);
  const [shops, setShops] = useState<Shop[] | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const state = location.state as { reason?: LogoutReason | null; from?: string } | null;
  const reason = reasonKey(state?.reason);
  // Where a protected link opened while signed out asked to go (only inside the signed-in area).
  const returnTo = safeReturnPath(state?.from);

  const form = useSigninForm();

  const goHome = () => void navigate(returnTo ?? to('app/accueil'), { replace: true });

  const submit = async (values: SigninBody) => {
    void loadShopChoice().catch(() => undefined);
    setPending(true);
    try {
      const response = await signin(values);
      saveSignin(response);
      clearQueryCache(); // nothing cached for a previous user survives
      const resolution = resolveShop(response.user.boutiques, null);
      if (resolution.kind === 'choose') {
        setShops(resolution.shops);
        return;
      }
      if (resolution.kind === 'chosen') setCurrentShop(resolution.shop.idBoutique);
      goHome();
    } catch (error) {
      // Seed 000 §8: the error in a snackbar and the fields cleared.
      form.reset();
      usernameRef.current?.focus();
      notifyError(error instanceof ApiError ? error.message : t('errors:INTERNAL'));
    } finally {
      setPending(false);
    }
  };

  return (
    <PublicCardLayout>
      <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <form onSubmit={(event) => form.onSubmit(submit)(event)} noValidate aria-labelledby="login-title">
          <Stack gap="md">
            <div>
              <Title order={1} id="login-title" fz={26}>
                {t('login.title')}
              </Title>
              <Text c="dimmed" fz="sm" mt={4}>
                {t('login.subtitle')}
              </Text>
            </div>
            {reason && (
              <Alert color="ochre" variant="light" icon={<IconInfoCircle />} data-testid="logout-reason">
                {t(reason)}
              </Alert>
            )}
            <TextInput
              ref={usernameRef}
              label={t('login.username')}
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              leftSection={<IconUser size={18} />}
              data-autofocus
              {...form.field('username')}
              error={translateError(t, form.errors.username)}
            />
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              leftSection={<IconLock size={18} />}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword'), 'data-testid': 'toggle-password' }}
              {...form.field('password')}
              error={translateError(t, form.errors.password)}
            />
            <Group justify="flex-end" mt={-6}>
              <Anchor component={Link} to={to('ForgetPass')} fz="sm">
                {t('login.forgot')}
              </Anchor>
            </Group>
            <Button type="submit" size="md" fullWidth loading={pending}>
              {t('login.submit')}
            </Button>
            <Text ta="center" fz="sm">
              {t('login.noAccount')}{' '}
              <Anchor component={Link} to={to('register')} fw={600}>
                {t('login.register')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Card>
      <Anchor component={Link} to={to()} fz="sm" ta="center" c="dimmed">
        {t('login.backHome')}
      </Anchor>
      {shops !== null && (
        <Suspense fallback={null}>
          <ShopChoiceDialog
            opened
            shops={shops}
            required
            onChoose={(shop) => {
              setCurrentShop(shop.idBoutique);
              goHome();
            }}
          />
        </Suspense>
      )}
    </PublicCardLayout>
  );
}
