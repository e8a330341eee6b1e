import { shopClientBody, type ShopClient, type ShopClientBody } from '@app/common/contracts/shop-clients';
import { useTranslation } from 'react-i18next';
import { CrudDialog } from '../../../components/crud-dialog';
import { ClientFields } from '../../../components/pickers/client-fields';
import { useSaveClient } from '../api/shop-clients';

type ClientFormValues = { nom: string; prenom: string; telephone: string; adresse: string; idFiscal: string; boutique: number };

/** Seed 001 §5: last name, first name, phone (numeric) and address required; the tax id (issue 21) optional. */
export function ClientFormDialog({ opened, client, shopId, onClose }: { opened: boolean; client: ShopClient | null; shopId: number; onClose: () => void }) {
  const { t } = useTranslation(['shop-clients', 'common']);
  const save = useSaveClient();
  const defaults: ClientFormValues = { nom: '', prenom: '', telephone: '', adresse: '', idFiscal: '', boutique: shopId };
  return (
    <CrudDialog<ClientFormValues, ShopClientBody>
      opened={opened}
      onClose={onClose}
      mode={client ? 'edit' : 'create'}
      titles={{ create: t('clients.createTitle'), edit: t('clients.editTitle') }}
      defaults={defaults}
      values={client ? { nom: client.nom, prenom: client.prenom, telephone: client.telephone, adresse: client.adresse, idFiscal: client.idFiscal ?? '', boutique: shopId } : null}
      recordKey={client?.idClient ?? null}
      schema={shopClientBody}
      onSave={(body, idempotencyKey) => save.mutateAsync({ idClient: client?.idClient ?? null, body, idempotencyKey })}
      successMessage={{ create: t('clients.created'), edit: t('clients.updated') }}
      failureMessage={t('clients.error')}
      testId="client-dialog"
    >
      {(field) => <ClientFields field={field} />}
    </CrudDialog>
  );
}
