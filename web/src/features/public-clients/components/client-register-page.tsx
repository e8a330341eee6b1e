import { clientRegistrationBody, type ChannelShop, type ClientChannel } from '@app/common/contracts/clients';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconBuildingStore, IconCircleCheck, IconMapPin, IconWorld } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrorsFromDetails, isRetryable } from '../../../lib/api-error';
import { translateError, zodFormErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { createRetryKey } from '../../../lib/retry-key';
import { useExistsCheck, type ExistsCheck } from '../../../lib/use-exists-check';
import { useLang } from '../../../lib/use-lang';
import { checkClientEmail, checkClientPhone } from '../api/check-client';
import { useChannelShop } from '../api/get-channel-shop';
import { useCountries } from '../api/get-countries';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { useRegisterClient } from '../api/register-client';
import {
  clientBody,
  compactPhone,
  EMPTY_CLIENT,
  plausibleClientEmail,
  plausibleClientPhone,
  requiredFilled,
  type ClientFormValues,
} from '../client-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * Seed 000 §2/§5 client self-registration (DECISIONS §9): nom, prenom, e-mail, phone with the
 * chosen country's dial prefix, address and country. Submit is enabled once the required fields
 * are filled and neither the e-mail nor the phone is already registered in the channel's shop.
 */
function ClientRegisterPage({ channel }: { channel: ClientChannel }) {
  const { t } = useTranslation(['clients-public', 'common', 'errors']);
  const shop = useChannelShop(channel);
  const shopName = shop.data?.nom;
  useDocumentTitle(shopName ? t('page.documentTitle', { shop: shopName }) : t('page.title'));
  const closed = shop.error instanceof ApiError && shop.error.code === 'CHANNEL_NOT_CONFIGURED' ? shop.error.message : null;
  const lang = useLang();
  const countries = useCountries(lang);
  const register = useRegisterClient(channel);
  const [retry] = useState(createRetryKey);
  const [registered, setRegistered] = useState(false);
  const form = useForm<ClientFormValues>({
    initialValues: EMPTY_CLIENT,
    validate: (values) => zodFormErrors(clientRegistrationBody, clientBody(values, countries.data)),
    onValuesChange: () => setRegistered(false),
  });
  const values = form.values;
  const country = countries.data?.find((candidate) => candidate.id === values.countryId);

  const taken = {
    email: useExistsCheck(
      [channel, 'email'],
      values.email.trim().toLowerCase(),
      plausibleClientEmail(values.email),
      (v, signal) => checkClientEmail(channel, v, signal),
    ),
    telephone: useExistsCheck(
      [channel, 'telephone', values.countryId],
      compactPhone(values.telephone),
      plausibleClientPhone(values.telephone) && values.countryId !== '',
      (v, signal) => checkClientPhone(channel, v, values.countryId, signal),
    ),
  };
  const blocked = taken.email.exists || taken.telephone.exists;

  const fieldError = (field: keyof typeof taken, check: ExistsCheck): ReactNode =>
    translateError(t, form.errors[field]) ??
    (check.exists ? <span data-testid={`client-exists-${field}`}>{t(`exists.${field}`)}</span> : undefined);
  const checking = (check: ExistsCheck) => (check.checking ? <Loader size={16} /> : null);

  const submit = async (current: ClientFormValues) => {
    if (blocked) return;
    const parsed = clientRegistrationBody.safeParse(clientBody(current, countries.data));
    if (!parsed.success) return;
    const body = clientBody(current, countries.data);
    try {
      await register.mutateAsync({ body, idempotencyKey: retry.keyFor(JSON.stringify(body)) });
      retry.settle(false);
      notifySuccess(t('client.success'));
      form.setInitialValues({ ...EMPTY_CLIENT, countryId: current.countryId });
      form.reset();
      setRegistered(true);
    } catch (error) {
      retry.settle(isRetryable(error));
      if (!(error instanceof ApiError)) {
        notifyError(t('client.error'));
        return;
      }
      const fields = fieldErrorsFromDetails(error.details, error.message);
      if (fields['country.id']) fields.countryId = fields['country.id'];
      form.setErrors(fields);
      notifyError(error.code === 'INTERNAL' ? t('client.error') : error.message);
    }
  };

  const canSubmit = requiredFilled(values) && !blocked && closed === null;

  return (
    <Box
      pb={{ base: 'lg', sm: 48 }}
      style={{ background: 'linear-gradient(180deg, var(--mantine-color-brand-0) 0%, white 60%)' }}
      mih="100dvh"
    >
      <ChannelHeader shop={shop.data} loading={shop.isPending} />
      <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="sm" maw={560} mx={{ base: 'sm', sm: 'auto' }}>
        <form noValidate onSubmit={form.onSubmit(submit)} aria-labelledby="client-title" data-testid="client-register-form">
          <Stack gap="md">
            <div>
              <Title order={1} id="client-title" fz={{ base: 24, sm: 28 }}>
                {t('page.title')}
              </Title>
              <Text c="dimmed" fz="sm" mt={4}>
                {shopName ? t('page.subtitle', { shop: shopName }) : t('page.subtitleNoShop')}
              </Text>
            </div>
            {closed && (
              <Alert color="yellow" variant="light" data-testid="client-channel-closed">
                {closed}
              </Alert>
            )}
            {registered && (
              <Alert color="brand" variant="light" icon={<IconCircleCheck />} data-testid="client-success">
                {t('client.success')}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              <TextInput
                label={t('form.nom')}
                withAsterisk
                autoComplete="family-name"
                maxLength={100}
                {...form.getInputProps('nom')}
                error={translateError(t, form.errors.nom)}
              />
              <TextInput
                label={t('form.prenom')}
                withAsterisk
                autoComplete="given-name"
                maxLength={100}
                {...form.getInputProps('prenom')}
                error={translateError(t, form.errors.prenom)}
              />
            </SimpleGrid>
            <TextInput
              label={t('form.email')}
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
            <Select
              label={t('form.country')}
              withAsterisk
              searchable
              size="md"
              placeholder={t('form.countryPlaceholder')}
              nothingFoundMessage={t('form.noCountry')}
              allowDeselect={false}
              leftSection={<IconWorld size={18} />}
              rightSection={countries.isPending ? <Loader size={16} /> : undefined}
              data={(countries.data ?? []).map((item) => ({ value: item.id, label: item.nom }))}
              renderOption={({ option }) => {
                const item = countries.data?.find((candidate) => candidate.id === option.value);
                return (
                  <Group justify="space-between" w="100%" wrap="nowrap" gap="xs">
                    <Text fz="sm">{option.label}</Text>
                    <Text fz="xs" c="dimmed">
                      {item?.indicatif}
                    </Text>
                  </Group>
                );
              }}
              comboboxProps={{ shadow: 'md' }}
              data-testid="client-country"
              {...form.getInputProps('countryId')}
              onChange={(value) => form.setFieldValue('countryId', value ?? '')}
              error={translateError(t, form.errors.countryId) ?? (countries.isError ? t('form.countriesError') : undefined)}
            />
            <TextInput
              label={t('form.telephone')}
              description={t('form.telephoneHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              withAsterisk
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={30}
              leftSection={
                <Text
                  fz="sm"
                  fw={700}
                  c="dark"
                  lh={1}
                  pr={8}
                  data-testid="client-dial-prefix"
                  style={{ borderRight: '1px solid var(--mantine-color-gray-4)' }}
                >
                  {country?.indicatif ?? '+'}
                </Text>
              }
              leftSectionWidth={country && country.indicatif.length > 4 ? 76 : 64}
              rightSection={checking(taken.telephone)}
              {...form.getInputProps('telephone')}
              error={fieldError('telephone', taken.telephone)}
            />
            <TextInput
              label={t('form.adresse')}
              description={t('form.adresseHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="street-address"
              maxLength={255}
              leftSection={<IconMapPin size={18} />}
              {...form.getInputProps('adresse')}
              error={translateError(t, form.errors.adresse)}
            />
            <Button
              type="submit"
              size="md"
              fullWidth
              mt="xs"
              loading={register.isPending}
              disabled={!canSubmit}
              data-testid="client-submit"
            >
              {t('form.submit')}
            </Button>
            {!canSubmit && !blocked && (
              <Text fz="xs" c="dimmed" ta="center">
                {t('form.fillRequired')}
              </Text>
            )}
          </Stack>
        </form>
      </Card>
      <Text ta="center" fz="xs" c="dimmed" mt="lg">
        {t('page.poweredBy')}
      </Text>
    </Box>
  );
}

/**
 * The page's header is the shop's, not the product's: a client signs up with that shop, so its
 * name, address and phone lead the page (and the language switch, for the form).
 */
function ChannelHeader({ shop, loading }: { shop: ChannelShop | undefined; loading: boolean }) {
  const contact = [shop?.adresse, shop?.telephone].filter(Boolean).join(' · ');
  return (
    <Box
      component="header"
      bg="white"
      mb={{ base: 'lg', sm: 48 }}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon size={40} radius="md" variant="light" color="brand" style={{ flexShrink: 0 }}>
              <IconBuildingStore size={24} stroke={1.8} />
            </ThemeIcon>
            <Box style={{ minWidth: 0 }}>
              {loading ? (
                <Skeleton h={20} w={160} />
              ) : (
                <Text fw={800} fz={{ base: 'lg', sm: 22 }} truncate="end" data-testid="channel-shop-name">
                  {shop?.nom ?? ''}
                </Text>
              )}
              {contact && (
                <Text fz="xs" c="dimmed" truncate="end">
                  {contact}
                </Text>
              )}
            </Box>
          </Group>
          <LanguageSwitcher />
        </Group>
      </Container>
    </Box>
  );
}

/** `/{lang}/registers2asport`: clients of the shop configured for S2A Sport. */
export function S2asportRegisterPage() {
  return <ClientRegisterPage channel="s2asport" />;
}

/** `/{lang}/registerwin`: clients of the shop configured for WIN. */
export function WinRegisterPage() {
  return <ClientRegisterPage channel="win" />;
}
