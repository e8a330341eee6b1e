import { resetPasswordBody } from '@app/common/contracts/password-reset';
import { Anchor, Button, Card, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconLinkOff, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordStrength } from '../../../components/password-strength';
import { PublicCardLayout } from '../../../components/public-card-layout';
import { ApiError, fieldErrorsFromDetails, isRetryable } from '../../../lib/api-error';
import { translateError, zodFormErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { createRetryKey } from '../../../lib/retry-key';
import { useLangPath } from '../../../lib/use-lang';
import { useResetPassword } from '../api/reset-password';
import { useDocumentTitle } from '../../../lib/use-document-title';

type ResetValues = { password: string; confirmation: string };

/** The mailed link is used, expired or cut: say so and offer a new one. */
function InvalidLink({ message }: { message: string }) {
  const { t } = useTranslation('password');
  const to = useLangPath();
  return (
    <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm" data-testid="reset-invalid">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="ochre">
          <IconLinkOff size={30} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {t('reset.invalidTitle')}
        </Title>
        <Text c="dimmed">{message}</Text>
        <Button component={Link} to={to('ForgetPass')} mt="xs" data-testid="reset-ask-again">
          {t('reset.askAgain')}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The page of the mailed link `/{lang}/reset-password?token=...` (DECISIONS §3): the new password
 * twice, with the same rules as registration; success goes to login.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['password', 'common', 'errors']);
  useDocumentTitle(t('reset.title'));
  const to = useLangPath();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const [retry] = useState(createRetryKey);
  const [invalid, setInvalid] = useState<'missing' | 'invalid' | null>(token ? null : 'missing');
  const form = useForm<ResetValues>({
    initialValues: { password: '', confirmation: '' },
    validate: (values) => {
      const errors = zodFormErrors(resetPasswordBody, { ...values, token });
      // The contract compares the passwords only once the new one is valid: say it at once.
      if (!errors.confirmation && values.confirmation !== values.password) errors.confirmation = 'validation.passwordMismatch';
      return errors;
    },
  });

  const submit = async (values: ResetValues) => {
    const body = { token, ...values };
    try {
      await reset.mutateAsync({ body, idempotencyKey: retry.keyFor(JSON.stringify(body)) });
      retry.settle(false);
      notifySuccess(t('reset.success'));
      void navigate(to('login'), { replace: true });
    } catch (error) {
      retry.settle(isRetryable(error));
      if (error instanceof ApiError && (error.code === 'RESET_TOKEN_INVALID' || error.code === 'NOT_FOUND')) {
        setInvalid('invalid');
        return;
      }
      if (error instanceof ApiError) form.setErrors(fieldErrorsFromDetails(error.details, error.message));
      notifyError(error instanceof ApiError ? error.message : t('errors:INTERNAL'));
    }
  };

  return (
    <PublicCardLayout>
      {invalid ? (
        <InvalidLink message={t(`reset.${invalid}`)} />
      ) : (
        <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
          <form noValidate onSubmit={form.onSubmit(submit)} aria-labelledby="reset-title" data-testid="reset-form">
            <Stack gap="md">
              <div>
                <Title order={1} id="reset-title" fz={26}>
                  {t('reset.title')}
                </Title>
                <Text c="dimmed" fz="sm" mt={4}>
                  {t('reset.text')}
                </Text>
              </div>
              <PasswordInput
                label={t('reset.password')}
                autoComplete="new-password"
                leftSection={<IconLock size={18} />}
                visibilityToggleFocusable
                visibilityToggleButtonProps={{ 'aria-label': t('common:actions.showHide'), 'data-testid': 'toggle-password' }}
                data-autofocus
                {...form.getInputProps('password')}
                error={translateError(t, form.errors.password)}
              />
              {form.values.password !== '' && <PasswordStrength value={form.values.password} />}
              <PasswordInput
                label={t('reset.confirmation')}
                autoComplete="new-password"
                leftSection={<IconLock size={18} />}
                visibilityToggleFocusable
                visibilityToggleButtonProps={{ 'aria-label': t('common:actions.showHide'), 'data-testid': 'toggle-confirmation' }}
                {...form.getInputProps('confirmation')}
                error={translateError(t, form.errors.confirmation)}
              />
              <Button type="submit" size="md" fullWidth loading={reset.isPending} data-testid="reset-submit">
                {t('reset.submit')}
              </Button>
            </Stack>
          </form>
        </Card>
      )}
      <Anchor component={Link} to={to('login')} fz="sm" ta="center" c="dimmed">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {t('forgot.backToLogin')}
      </Anchor>
    </PublicCardLayout>
  );
}
