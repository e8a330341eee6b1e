import { forgetPasswordBody } from '@app/common/contracts/password-reset';
import { Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconAt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicCardLayout } from '../../../components/public-card-layout';
import { ApiError, isRetryable } from '../../../lib/api-error';
import { translateError, zodFormErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { createRetryKey } from '../../../lib/retry-key';
import { clearSession, getSession } from '../../../lib/session';
import { useLang, useLangPath } from '../../../lib/use-lang';
import { useForgetPassword } from '../api/forget-password';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * Seed 000 §2 Forgot password: one e-mail field; the mail is written in the screen's language.
 * Success says to check the mail and goes to login (§8); an unknown e-mail says so.
 */
export function ForgetPasswordPage() {
  const { t } = useTranslation(['password', 'common', 'errors']);
  useDocumentTitle(t('forgot.title'));
  const lang = useLang();
  const to = useLangPath();
  const navigate = useNavigate();
  const request = useForgetPassword();
  const [retry] = useState(createRetryKey);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => zodFormErrors(forgetPasswordBody, values),
  });

  const submit = async ({ email }: { email: string }) => {
    const body = { email: email.trim(), langue: lang };
    try {
      await request.mutateAsync({ body, idempotencyKey: retry.keyFor(JSON.stringify(body)) });
      retry.settle(false);
      // Seed 000 §4: asking for a new password ends any session kept in this browser.
      if (getSession()) clearSession('logout');
      notifySuccess(t('forgot.success'));
      void navigate(to('login'));
    } catch (error) {
      retry.settle(isRetryable(error));
      const message = error instanceof ApiError ? error.message : t('errors:INTERNAL');
      if (error instanceof ApiError && error.code === 'EMAIL_UNKNOWN') form.setFieldError('email', message);
      notifyError(message);
    }
  };

  return (
    <PublicCardLayout>
      <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
        <form noValidate onSubmit={form.onSubmit(submit)} aria-labelledby="forgot-title" data-testid="forgot-form">
          <Stack gap="md">
            <div>
              <Title order={1} id="forgot-title" fz={26}>
                {t('forgot.title')}
              </Title>
              <Text c="dimmed" fz="sm" mt={4}>
                {t('forgot.text')}
              </Text>
            </div>
            <TextInput
              label={t('forgot.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={255}
              leftSection={<IconAt size={18} />}
              data-autofocus
              {...form.getInputProps('email')}
              error={translateError(t, form.errors.email)}
            />
            <Button type="submit" size="md" fullWidth loading={request.isPending} data-testid="forgot-submit">
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
      <Anchor component={Link} to={to('login')} fz="sm" ta="center" c="dimmed">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {t('forgot.backToLogin')}
      </Anchor>
    </PublicCardLayout>
  );
}
