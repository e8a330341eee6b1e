import { cashRegisterBody, type CashRegister, type CashRegisterBody } from '@app/common/contracts/cash-registers';
import { Badge, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CrudDialog } from '../../../components/crud-dialog';
import { ListPage } from '../../../components/list-page';
import { RequireShop } from '../../../components/require-shop';
import { pageOfList } from '../../../lib/page-of-list';
import { queryKeys } from '../../../lib/query-keys';
import { getCashRegisters, useDeleteCashRegister, useSaveCashRegister } from '../api/cash-desk-api';

type Values = { libelle: string; boutique: number };

function RegisterDialog({
  opened,
  register,
  shopId,
  onClose,
}: {
  opened: boolean;
  register: CashRegister | null;
  shopId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('cash-desk');
  const save = useSaveCashRegister();
  const defaults: Values = { libelle: '', boutique: shopId };
  return (
    <CrudDialog<Values, z.output<typeof cashRegisterBody>>
      opened={opened}
      onClose={onClose}
      mode={register ? 'edit' : 'create'}
      titles={{ create: t('registers.createTitle'), edit: t('registers.editTitle') }}
      defaults={defaults}
      values={register ? { libelle: register.libelle, boutique: shopId } : null}
      recordKey={register?.idCaisse ?? null}
      schema={cashRegisterBody}
      onSave={(body, idempotencyKey) =>
        save.mutateAsync({ idCaisse: register?.idCaisse ?? null, body: body as CashRegisterBody, idempotencyKey })
      }
      successMessage={{ create: t('registers.created'), edit: t('registers.updated') }}
      failureMessage={t('registers.error')}
      testId="register-dialog"
    >
      {(field) => (
        <TextInput
          label={t('registers.libelle')}
          maxLength={120}
          data-autofocus
          {...field('libelle')}
          data-testid="register-libelle"
        />
      )}
    </CrudDialog>
  );
}

/** app/caisse: the shop's cash registers (seed 001 caisse); the default one cannot be deleted. */
export function CashRegistersPage() {
  const { t } = useTranslation('cash-desk');
  const remove = useDeleteCashRegister();
  return (
    <RequireShop>
      {(shop) => (
        <ListPage<CashRegister>
          title={t('registers.title')}
          subtitle={t('registers.subtitle', { shop: shop.nom })}
          queryKey={queryKeys.cashDesk.registers(shop.idBoutique)}
          fetcher={async (page, term, signal) =>
            pageOfList(await getCashRegisters(shop.idBoutique, signal), page, term, (r) => [r.libelle])
          }
          rowKey={(r) => r.idCaisse}
          searchLabel={t('search')}
          testId="registers-table"
          columns={[
            { key: 'libelle', header: t('registers.libelle'), render: (r) => r.libelle },
            {
              key: 'default',
              header: '',
              render: (r) => (r.parDefaut ? <Badge variant="light">{t('registers.default')}</Badge> : null),
            },
          ]}
          create={{ label: t('registers.new'), testId: 'new-register' }}
          form={(dialog) => (
            <RegisterDialog opened={dialog.opened} register={dialog.record} shopId={shop.idBoutique} onClose={dialog.close} />
          )}
          remove={{
            hidden: (r) => r.parDefaut,
            itemName: (r) => r.libelle,
            onConfirm: (r, idempotencyKey) => remove.mutateAsync({ idCaisse: r.idCaisse, idempotencyKey }),
            successMessage: t('registers.deleted'),
            failureMessage: t('registers.error'),
          }}
        />
      )}
    </RequireShop>
  );
}
