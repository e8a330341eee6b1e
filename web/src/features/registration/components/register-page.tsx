import { SHOP_PHONE_DIGITS } from '@app/common/constants';
import { Anchor, Button, Card, Loader, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconBuildingStore, IconLock, IconMapPin, IconPhone, IconUser } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PasswordStrength } from '../../../components/password-strength';
import { ApiError, fieldErrorsFromDetails, isRetryable } from '../../../lib/api-error';
import { digitsOnly } from '../../../lib/digits';
import { translateError } from '../../../lib/form-errors';
import { createRetryKey } from '../../../lib/retry-key';
import { useExistsCheck, type ExistsCheck } from '../../../lib/use-exists-check';
import { useLangPath } from '../../../lib/use-lang';
import { checkIdentity } from '../api/check-identity';
import { useRegisterDirector } from '../api/register-director';
import {
  CUSTOM_PLAN,
  EMPTY_REGISTRATION,
  isCustomPlan,
  normalPersonPhone,
  planFromQuery,
  plausibleEmail,
  plausiblePersonPhone,
  plausibleUsername,
  registrationErrors,
  registrationFingerprint,
  registrationFormData,
  registrationInput,
  registrationSchema,
  type RegisterFormValues,
} from '../registration-form';
import { CustomPlanDialog, type CustomCounts } from './custom-plan-dialog';
import { ProofPicker } from './proof-picker';
import { RegisterOutcomeDialog, type RegisterOutcome } from './register-dialogs';
import { RegisterLayout } from './register-layout';
import { RegisterSection } from './register-section';
import { SubscriptionFields } from './subscription-fields';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Hints under the input, so that inputs side by side stay aligned whatever the hint's length. */
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

const COUNT_FIELDS = new Set(['boutiques', 'depots', 'users', 'factures']);

/** Files too big or of another type are refused by code; they belong to the proof. */
const PROOF_CODES = new Set(['UNSUPPORTED_FILE', 'PAYLOAD_TOO_LARGE']);

const FORM_ID = 'register-form';

/** Brings the first field in error into view (a long form on a small phone). */
function revealFirstError(): void {
  requestAnimationFrame(() => {
    const error = document.getElementById(FORM_ID)?.querySelector<HTMLElement>('.mantine-InputWrapper-error');
    const wrapper = error?.closest<HTMLElement>('.mantine-InputWrapper-root') ?? error;
    wrapper?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

/**
 * Seed 000 §2 Register: identity, shop, subscription and the proof of transfer; live checks of
 * e-mail, username and phone (submit disabled while one is taken); a confirmation dialog with the
 * next step, or an error dialog with the server's message and the field errors on their fields.
 */
export function RegisterPage() {
  const { t } = useTranslation(['register', 'common', 'errors', 'password']);
  useDocumentTitle(t('title'));
  const to = useLangPath();
  const [searchParams] = useSearchParams();
  const initialPlan = planFromQuery(searchParams.get('plan'));
  const [retry] = useState(createRetryKey);
  const [customOpened, setCustomOpened] = useState(initialPlan === CUSTOM_PLAN);
  const [outcome, setOutcome] = useState<RegisterOutcome | null>(null);
  const register = useRegisterDirector();

  const form = useForm<RegisterFormValues>({
    initialValues: { ...EMPTY_REGISTRATION, abonnement: initialPlan },
    validate: registrationErrors,
  });
  const values = form.values;

  const taken = {
    email: useExistsCheck(['email'], values.email.trim().toLowerCase(), plausibleEmail(values.email), (v, signal) =>
      checkIdentity('email', v, signal),
    ),
    username: useExistsCheck(
      ['username'],
      values.username.trim().toLowerCase(),
      plausibleUsername(values.username),
      (v, signal) => checkIdentity('username', v, signal),
    ),
    telephone: useExistsCheck(
      ['telephone'],
      normalPersonPhone(values.telephone),
      plausiblePersonPhone(values.telephone),
      (v, signal) => checkIdentity('telephone', v, signal),
    ),
  };
  const blocked = taken.email.exists || taken.username.exists || taken.telephone.exists;

  /** The field's own error first; otherwise the live "already exists" alert (seed 000 §8). */
  const fieldError = (field: keyof typeof taken, check: ExistsCheck): ReactNode =>
    translateError(t, form.errors[field]) ??
    (check.exists ? <span data-testid={`register-exists-${field}`}>{t(`exists.${field}`)}</span> : undefined);
  const checking = (check: ExistsCheck) => (check.checking ? <Loader size={16} /> : null);

  const choosePlan = (code: string) => {
    form.setFieldValue('abonnement', code);
    form.clearFieldError('abonnement');
    form.clearFieldError('preuve');
    if (code === CUSTOM_PLAN) setCustomOpened(true);
  };

  const applyCounts = (counts: CustomCounts) => {
    form.setValues(counts);
    for (const field of Object.keys(counts)) form.clearFieldError(field);
  };

  const clearForm = () => {
    form.setInitialValues(EMPTY_REGISTRATION);
    form.reset();
  };

  const submit = async (current: RegisterFormValues) => {
    if (blocked) return;
    const parsed = registrationSchema(current).safeParse(registrationInput(current));
    if (!parsed.success) return;
    const body = parsed.data as Record<string, unknown>;
    const custom = isCustomPlan(current);
    const idempotencyKey = retry.keyFor(registrationFingerprint({ custom, ...body }));
    try {
      const created = await register.mutateAsync({ custom, formData: registrationFormData(body), idempotencyKey });
      retry.settle(false);
      setOutcome({ kind: 'success', name: current.prenom.trim(), username: created.username, custom });
      clearForm();
    } catch (error) {
      retry.settle(isRetryable(error));
      if (!(error instanceof ApiError)) {
        setOutcome({ kind: 'failure', message: t('errors:INTERNAL'), withFields: false });
        return;
      }
      const fields = fieldErrorsFromDetails(error.details, error.message);
      if (PROOF_CODES.has(error.code)) fields.preuve ??= error.message;
      form.setErrors(fields);
      setOutcome({ kind: 'failure', message: error.message, withFields: Object.keys(fields).length > 0 });
    }
  };

  const invalid = (errors: Record<string, unknown>) => {
    const fields = Object.keys(errors);
    // Only the proof is missing: the seed's error dialog says so (seed 000 §5).
    if (fields.length === 1 && errors.preuve) setOutcome({ kind: 'missingProof' });
    // Only the Personaliser counts are missing: ask them where they are typed.
    else if (fields.every((field) => COUNT_FIELDS.has(field))) setCustomOpened(true);
    else revealFirstError();
  };

  const custom = isCustomPlan(values);

  return (
    <RegisterLayout>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>

      <form id={FORM_ID} noValidate onSubmit={form.onSubmit(submit, invalid)} data-testid="register-form">
        <Stack gap="lg">
          <RegisterSection step={1} title={t('identity.title')}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              <TextInput
                label={t('identity.nom')}
                withAsterisk
                autoComplete="family-name"
                maxLength={100}
                {...form.getInputProps('nom')}
                error={translateError(t, form.errors.nom)}
              />
              <TextInput
                label={t('identity.prenom')}
                withAsterisk
                autoComplete="given-name"
                maxLength={100}
                {...form.getInputProps('prenom')}
                error={translateError(t, form.errors.prenom)}
              />
              <TextInput
                label={t('identity.username')}
                description={t('identity.usernameHint')}
                inputWrapperOrder={HINT_BELOW}
                withAsterisk
                autoComplete="username"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={20}
                leftSection={<IconUser size={18} />}
                rightSection={checking(taken.username)}
                {...form.getInputProps('username')}
                error={fieldError('username', taken.username)}
              />
              <TextInput
                label={t('identity.telephone')}
                description={t('identity.telephoneHint')}
                inputWrapperOrder={HINT_BELOW}
                withAsterisk
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                leftSection={<IconPhone size={18} />}
                rightSection={checking(taken.telephone)}
                {...form.getInputProps('telephone')}
                error={fieldError('telephone', taken.telephone)}
              />
            </SimpleGrid>
            <TextInput
              label={t('identity.email')}
              withAsterisk
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={255}
              leftSection={<IconAt size={18} />}
              rightSection={checking(taken.email)}
              {...form.getInputProps('email')}
              error={fieldError('email', taken.email)}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              <PasswordInput
                label={t('identity.password')}
                withAsterisk
                autoComplete="new-password"
                leftSection={<IconLock size={18} />}
                visibilityToggleFocusable
                visibilityToggleButtonProps={{ 'aria-label': t('common:actions.showHide'), 'data-testid': 'toggle-password' }}
                {...form.getInputProps('password')}
                error={translateError(t, form.errors.password)}
              />
              <PasswordInput
                label={t('identity.confirmation')}
                withAsterisk
                autoComplete="new-password"
                leftSection={<IconLock size={18} />}
                visibilityToggleFocusable
                visibilityToggleButtonProps={{ 'aria-label': t('common:actions.showHide'), 'data-testid': 'toggle-confirmation' }}
                {...form.getInputProps('confirmation')}
                error={translateError(t, form.errors.confirmation)}
              />
            </SimpleGrid>
            {values.password !== '' && <PasswordStrength value={values.password} />}
          </RegisterSection>

          <RegisterSection step={2} title={t('shop.title')}>
            <TextInput
              label={t('shop.nom')}
              withAsterisk
              autoComplete="organization"
              maxLength={120}
              leftSection={<IconBuildingStore size={18} />}
              {...form.getInputProps('nomBoutque')}
              error={translateError(t, form.errors.nomBoutque)}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              <TextInput
                label={t('shop.tel')}
                description={t('shop.telHint')}
                inputWrapperOrder={HINT_BELOW}
                withAsterisk
                inputMode="numeric"
                autoComplete="off"
                leftSection={<IconPhone size={18} />}
                {...form.getInputProps('tel')}
                onChange={(event) => form.setFieldValue('tel', digitsOnly(event.currentTarget.value, SHOP_PHONE_DIGITS))}
                error={translateError(t, form.errors.tel)}
              />
              <TextInput
                label={t('shop.adresse')}
                withAsterisk
                autoComplete="street-address"
                maxLength={255}
                leftSection={<IconMapPin size={18} />}
                {...form.getInputProps('adresse')}
                error={translateError(t, form.errors.adresse)}
              />
            </SimpleGrid>
          </RegisterSection>

          <RegisterSection step={3} title={t('plan.title')}>
            <SubscriptionFields form={form} onChoosePlan={choosePlan} onEditCounts={() => setCustomOpened(true)} />
          </RegisterSection>

          <RegisterSection step={4} title={t('proof.title')}>
            <ProofPicker
              file={values.preuve}
              optional={custom}
              onChange={(file) => {
                form.setFieldValue('preuve', file);
                form.clearFieldError('preuve');
              }}
              error={translateError(t, form.errors.preuve)}
            />
          </RegisterSection>

          <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
            <Stack gap="sm">
              {blocked && (
                <Text c="red.7" fz="sm" ta="center" data-testid="register-blocked">
                  {t('exists.blocked')}
                </Text>
              )}
              <Button
                type="submit"
                size="lg"
                fullWidth
                loading={register.isPending}
                disabled={blocked}
                data-testid="register-submit"
              >
                {t('submit')}
              </Button>
              <Text ta="center" fz="sm">
                {t('haveAccount')}{' '}
                <Anchor component={Link} to={to('login')} fw={600}>
                  {t('login')}
                </Anchor>
              </Text>
            </Stack>
          </Card>
        </Stack>
      </form>

      <CustomPlanDialog
        opened={customOpened}
        counts={{ boutiques: values.boutiques, depots: values.depots, users: values.users, factures: values.factures }}
        onApply={applyCounts}
        onClose={() => setCustomOpened(false)}
      />
      <RegisterOutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </RegisterLayout>
  );
}
