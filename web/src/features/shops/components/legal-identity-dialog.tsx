import type { LegalIdentity as Identity, LegalIdentityBody as IdentityBody } from '@app/common/contracts/legal';
import type { Shop } from '@app/common/contracts/shops';
import { DEFAULT_TIME_ZONE } from '@app/common/dates';
import { groupFcfa } from '@app/common/money';
import { countryOfTimeZone } from '@app/common/vat';
import { Alert, Autocomplete, Select, SimpleGrid, Switch, TagsInput, TextInput, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudDialog, type FieldProps } from '../../../components/crud-dialog';
import { notifyError } from '../../../lib/notify';
import { useLang } from '../../../lib/use-lang';
import { useSaveIdentity } from '../api/identity';
import { LegalLogoField } from './legal-logo-field';
import { countryOptions, formatRate, presetRates, taxIdName } from '../../../lib/legal-countries';
import { identityFormSchema } from '../../../lib/legal-wire';
import { useShopIdentity } from '../../../lib/shop-identity';

type IdentityFormValues = {
  raisonSociale: string;
  formeJuridique: string;
  capitalSocial: string;
  siegeSocial: string;
  rccm: string;
  idFiscal: string;
  pays: string;
  assujettiTva: boolean;
  prixTtc: boolean;
  tauxTva: string[];
  piedDePage: string;
};

/** The OHADA Uniform Act's company forms, offered as suggestions (any other text is accepted). */
const LEGAL_FORMS = ['SARL', 'SARLU', 'SA', 'SAS', 'SASU', 'SNC', 'SCS', 'GIE', 'EI', 'ETS'];

const rateText = (rate: number) => String(rate);

/** The rates' error: of the list itself, or of its first wrong rate (`tauxTva.1`). */
function rateError(field: FieldProps, errors: Record<string, unknown>): string | undefined {
  const key = Object.keys(errors).find((k) => k === 'tauxTva' || k.startsWith('tauxTva.'));
  return key ? field(key).error : undefined;
}

export function identityFormValues(identity: Identity | undefined): IdentityFormValues {
  const pays = identity?.pays ?? countryOfTimeZone(DEFAULT_TIME_ZONE);
  return {
    raisonSociale: identity?.raisonSociale ?? '',
    formeJuridique: identity?.formeJuridique ?? '',
    capitalSocial:
      identity?.capitalSocial === null || identity?.capitalSocial === undefined ? '' : groupFcfa(identity.capitalSocial),
    siegeSocial: identity?.siegeSocial ?? '',
    rccm: identity?.rccm ?? '',
    idFiscal: identity?.idFiscal ?? '',
    pays,
    assujettiTva: identity?.assujettiTva ?? false,
    prixTtc: identity?.prixTtc ?? true,
    tauxTva: (identity && identity.tauxTva.length > 0 ? identity.tauxTva : presetRates(pays)).map(rateText),
    piedDePage: identity?.piedDePage ?? '',
  };
}

/**
 * The director's legal identity of a shop (issue 21, DECISIONS §14): company name, legal form,
 * RCCM, the tax id under its country's name, VAT subject or not, prices with or without VAT,
 * the rates (the country's preset, editable) and the invoice footer. All optional: a shop
 * without them still sells and its documents leave them out. The address printed is the shop's.
 */
export function LegalIdentityDialog({ shop, opened, onClose }: { shop: Shop | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['legal', 'common']);
  const lang = useLang();
  const identity = useShopIdentity(shop?.idBoutique ?? null, opened);
  const save = useSaveIdentity();
  const countries = useMemo(() => countryOptions(lang), [lang]);
  const failed = opened && identity.isError;

  useEffect(() => {
    if (failed) {
      notifyError(identity.error.message);
      onClose();
    }
  }, [failed, identity.error, onClose]);

  return (
    <CrudDialog<IdentityFormValues, IdentityBody>
      opened={opened && identity.isSuccess}
      onClose={onClose}
      mode="edit"
      titles={{ create: t('identity.title'), edit: t('identity.title') }}
      defaults={identityFormValues(undefined)}
      values={identity.isSuccess ? identityFormValues(identity.data) : null}
      recordKey={shop?.idBoutique ?? null}
      schema={identityFormSchema}
      onSave={(body, idempotencyKey) => save.mutateAsync({ idBoutique: shop?.idBoutique ?? 0, body, idempotencyKey })}
      successMessage={{ create: t('identity.saved'), edit: t('identity.saved') }}
      failureMessage={t('identity.error')}
      size={680}
      testId="legal-identity-dialog"
    >
      {(field, form) => (
        <>
          <Alert variant="light" color="gray" icon={<IconInfoCircle />}>
            {t('identity.intro', { shop: shop?.nom ?? '', address: shop?.adresse ?? '' })}
          </Alert>
          <TextInput label={t('identity.raisonSociale')} maxLength={200} data-autofocus {...field('raisonSociale')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Autocomplete
              size="md"
              label={t('identity.formeJuridique')}
              data={LEGAL_FORMS}
              maxLength={60}
              comboboxProps={{ withinPortal: true }}
              {...field('formeJuridique')}
            />
            <Select
              size="md"
              label={t('identity.pays')}
              data={countries}
              allowDeselect={false}
              searchable
              comboboxProps={{ withinPortal: true }}
              value={form.values.pays}
              onChange={(value) => {
                if (!value) return;
                // The rates follow the country while they are still the old country's preset.
                const wasPreset = form.values.tauxTva.join(';') === presetRates(form.values.pays).map(rateText).join(';');
                form.setFieldValue('pays', value);
                if (wasPreset || form.values.tauxTva.length === 0)
                  form.setFieldValue('tauxTva', presetRates(value).map(rateText));
              }}
              error={field('pays').error}
              data-testid="legal-country"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('identity.capitalSocial')}
              description={t('identity.capitalSocialHint')}
              inputMode="numeric"
              maxLength={24}
              data-testid="legal-share-capital"
              {...field('capitalSocial')}
            />
            <TextInput
              label={t('identity.siegeSocial')}
              description={t('identity.siegeSocialHint')}
              maxLength={200}
              data-testid="legal-head-office"
              {...field('siegeSocial')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('identity.rccm')} description={t('identity.rccmHint')} maxLength={60} {...field('rccm')} />
            <TextInput
              label={taxIdName(form.values.pays)}
              description={t('identity.taxIdHint', { name: taxIdName(form.values.pays) })}
              maxLength={40}
              data-testid="legal-tax-id"
              {...field('idFiscal')}
            />
          </SimpleGrid>
          <Switch
            label={t('identity.assujettiTva')}
            description={t('identity.assujettiTvaHint')}
            data-testid="legal-vat-subject"
            {...field('assujettiTva', { type: 'checkbox' })}
          />
          {form.values.assujettiTva && (
            <>
              <TagsInput
                size="md"
                label={t('identity.tauxTva')}
                description={t('identity.tauxTvaHint', {
                  preset: presetRates(form.values.pays)
                    .map((r) => formatRate(r, lang))
                    .join(', '),
                })}
                splitChars={[';', ' ', '|']}
                maxTags={5}
                clearable
                data-testid="legal-vat-rates"
                {...field('tauxTva')}
                onChange={(rates) => {
                  // A wrong rate's error (`tauxTva.1`) goes with the rate.
                  form.setFieldValue('tauxTva', rates);
                  form.clearFieldError('tauxTva');
                  for (const key of Object.keys(form.errors)) if (key.startsWith('tauxTva.')) form.clearFieldError(key);
                }}
                error={rateError(field, form.errors)}
              />
              <Switch
                label={t('identity.prixTtc')}
                description={form.values.prixTtc ? t('identity.prixTtcOn') : t('identity.prixTtcOff')}
                data-testid="legal-prices-ttc"
                {...field('prixTtc', { type: 'checkbox' })}
              />
            </>
          )}
          {shop && identity.isSuccess && <LegalLogoField idBoutique={shop.idBoutique} logo={identity.data.logo} />}
          <Textarea
            size="md"
            label={t('identity.piedDePage')}
            description={t('identity.piedDePageHint')}
            maxLength={500}
            autosize
            minRows={2}
            {...field('piedDePage')}
          />
        </>
      )}
    </CrudDialog>
  );
}
