import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { IconAt, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './crud-dialog';

type PersonFieldsProps = {
  /** The dialog's field binder (`CrudDialog` children's first argument). */
  field: FieldProps;
  /**
   * `new`: a password is chosen now (create). `keep`: a blank one keeps the current password
   * (edit). `none`: no password field (set through its own dialog).
   */
  password: 'new' | 'keep' | 'none';
};

/**
 * The identity of an account as every account dialog asks for it: username, last and first
 * name, e-mail, phone and password (seed 000 §5). The contract schema of the dialog validates.
 */
export function PersonFields({ field, password }: PersonFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('person.username')}
        autoComplete="off"
        autoCapitalize="none"
        maxLength={20}
        data-autofocus
        {...field('username')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
        <TextInput label={t('person.nom')} maxLength={100} {...field('nom')} />
        <TextInput label={t('person.prenom')} maxLength={100} {...field('prenom')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
        <TextInput
          label={t('person.email')}
          type="email"
          autoComplete="off"
          leftSection={<IconAt size={18} />}
          maxLength={254}
          {...field('email')}
        />
        <TextInput
          label={t('person.telephone')}
          type="tel"
          autoComplete="off"
          leftSection={<IconPhone size={18} />}
          maxLength={30}
          {...field('telephone')}
        />
      </SimpleGrid>
      {password !== 'none' && (
        <PasswordInput
          label={t('person.password')}
          description={password === 'keep' ? t('person.passwordKeep') : undefined}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('actions.showHide') }}
          {...field('password')}
        />
      )}
    </>
  );
}
