import { customRegistrationBody } from '@app/common/contracts/registration';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingStore, IconBuildingWarehouse, IconFileInvoice, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError, zodFormErrors } from '../../../lib/form-errors';
import type { RegisterFormValues } from '../registration-form';

export type CustomCounts = Pick<RegisterFormValues, 'boutiques' | 'depots' | 'users' | 'factures'>;
const COUNT_FIELDS = ['boutiques', 'depots', 'users', 'factures'] as const;

/** The counts' messages of the registration contract, without the rest of the form's. */
function countErrors(counts: CustomCounts): Record<string, string> {
  const errors = zodFormErrors(customRegistrationBody, counts);
  return Object.fromEntries(Object.entries(errors).filter(([field]) => (COUNT_FIELDS as readonly string[]).includes(field)));
}

const asCount = (value: number | string): number | '' => (typeof value === 'number' ? value : value === '' ? '' : Number(value));

type CustomPlanDialogProps = {
  opened: boolean;
  counts: CustomCounts;
  onApply: (counts: CustomCounts) => void;
  onClose: () => void;
};

/**
 * Personaliser (seed 000 §2): how many shops, depots and users the director needs, and
 * optionally the invoices a year. The values go back to the register form, which shows them
 * and opens this dialog again to change them.
 */
export function CustomPlanDialog({ opened, counts, onApply, onClose }: CustomPlanDialogProps) {
  const { t } = useTranslation(['register', 'common']);
  const form = useForm<CustomCounts>({ initialValues: counts, validate: countErrors });

  useEffect(() => {
    if (opened) {
      form.setValues(counts);
      form.clearErrors();
    }
    // Each opening starts from the register form's current counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const numberField = (field: (typeof COUNT_FIELDS)[number]) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onChange: (value: number | string) => form.setFieldValue(field, asCount(value)),
      error: translateError(t, props.error),
    };
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('custom.title')} size={520}>
      <form
        noValidate
        data-testid="custom-plan-dialog"
        onSubmit={form.onSubmit((values) => {
          onApply(values);
          onClose();
        })}
      >
        <Stack gap="md">
          <Text c="dimmed" fz="sm">
            {t('custom.text')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
            <NumberInput
              label={t('custom.boutiques')}
              withAsterisk
              min={1}
              max={1000}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=" "
              leftSection={<IconBuildingStore size={18} />}
              size="md"
              data-autofocus
              {...numberField('boutiques')}
            />
            <NumberInput
              label={t('custom.depots')}
              withAsterisk
              min={1}
              max={10_000}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=" "
              leftSection={<IconBuildingWarehouse size={18} />}
              size="md"
              {...numberField('depots')}
            />
            <NumberInput
              label={t('custom.users')}
              withAsterisk
              min={1}
              max={100_000}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=" "
              leftSection={<IconUsers size={18} />}
              size="md"
              {...numberField('users')}
            />
            <NumberInput
              label={t('custom.factures')}
              placeholder={t('custom.facturesHint')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=" "
              leftSection={<IconFileInvoice size={18} />}
              size="md"
              {...numberField('factures')}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" data-testid="custom-plan-apply">
              {t('custom.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
