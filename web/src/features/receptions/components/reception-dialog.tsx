import type { Reception, ReceptionInput } from '@app/common/contracts/receptions';
import type { Shop } from '@app/common/contracts/shops';
import { formatFcfa, groupFcfa } from '@app/common/money';
import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertTriangle, IconBuildingWarehouse, IconPackage, IconPlus, IconTrash, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudDialog, type FieldProps } from '../../../components/crud-dialog';
import { EntityPicker, type EntityPickerConfig } from '../../../components/entity-picker';
import { useDepotPicker } from '../../../components/pickers/depot-picker';
import { DriverPicker } from '../../../components/pickers/driver-picker';
import { useSupplierPicker } from '../../../components/pickers/supplier-picker';
import { addLine, removeLine, totalUnits, type LineRefusal } from '../../../lib/line-list';
import { queryKeys } from '../../../lib/query-keys';
import { searchArticles, useSaveReception, type ArticleChoice } from '../api/receptions';
import { emptyReception, isLargeLine, receptionFormSchema, receptionValues, type ReceptionFormValues, type ReceptionLineItem } from './reception-form';

function useArticleChoice(shop: Pick<Shop, 'idBoutique'>): EntityPickerConfig<ArticleChoice> {
  return {
    queryKey: queryKeys.receptions.articleOptions(shop.idBoutique),
    source: { kind: 'search', search: (term, signal) => searchArticles(shop.idBoutique, term, signal) },
    idOf: (article) => article.idArticle,
    labelOf: (article) => article.designation,
    testId: 'reception-article-picker',
  };
}

/** The pickers, the line being added and the table of lines (seed 001 §2 new-reception dialog). */
function ReceptionFields({
  shop,
  reception,
  field,
  form,
}: {
  shop: Shop;
  /** The reception being edited: its driver and supplier are named even when deleted since. */
  reception: Reception | null;
  field: FieldProps;
  form: UseFormReturnType<ReceptionFormValues>;
}) {
  const { t } = useTranslation(['receptions', 'suppliers', 'common']);
  const suppliers = useSupplierPicker(shop);
  const depots = useDepotPicker(shop);
  const articles = useArticleChoice(shop);
  const [article, setArticle] = useState<ArticleChoice | null>(null);
  const [quantity, setQuantity] = useState('');
  // The unit purchase price of the line: the article's, prefilled when it is chosen, editable (DECISIONS §5).
  const [price, setPrice] = useState('');
  const [priceError, setPriceError] = useState(false);
  const [refusal, setRefusal] = useState<LineRefusal | null>(null);
  // A large line waiting for a second press of « Ajouter »: the line as typed, shown in the warning.
  const [large, setLarge] = useState<ReceptionLineItem | null>(null);
  const lines = form.values.lines;

  const add = () => {
    const prixAchat = /^\d{1,12}$/.test(price.trim()) ? Number(price.trim()) : null;
    const result = addLine(
      lines,
      article && { articleId: article.idArticle, designation: article.designation, prixAchat: prixAchat ?? 0 },
      quantity,
    );
    if (!result.ok) {
      setRefusal(result.reason);
      return;
    }
    if (prixAchat === null) {
      setPriceError(true);
      return;
    }
    const line = result.lines[result.lines.length - 1]!;
    const same = large !== null && large.articleId === line.articleId && large.quantity === line.quantity && large.prixAchat === line.prixAchat;
    if (isLargeLine(line) && !same) {
      setLarge(line);
      return;
    }
    setLarge(null);
    form.setFieldValue('lines', result.lines);
    setArticle(null);
    setQuantity('');
    setPrice('');
    setRefusal(null);
    setPriceError(false);
  };
  const enterAdds = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const refusalText = refusal && t(`common:lines.${refusal}`);

  return (
    <>
      <DriverPicker
        shopId={shop.idBoutique}
        value={form.values.chauffeure}
        onChange={(id) => form.setFieldValue('chauffeure', id)}
        error={field('chauffeure').error}
        initialItem={reception?.chauffeure ? { ...reception.chauffeure, boutique: { idBoutique: shop.idBoutique } } : null}
      />
      <EntityPicker
        config={suppliers}
        value={form.values.fournisseur}
        onChange={(id) => form.setFieldValue('fournisseur', id)}
        label={t('suppliers:suppliers.picker')}
        placeholder={t('suppliers:suppliers.pickerPlaceholder')}
        leftSection={<IconUserCircle size={18} />}
        error={field('fournisseur').error}
        initialItem={
          reception?.fournisseur ? { ...reception.fournisseur, telephone: '', adresse: '', boutique: { idBoutique: shop.idBoutique } } : null
        }
      />
      <EntityPicker
        config={depots}
        value={form.values.depot}
        onChange={(id) => form.setFieldValue('depot', id)}
        label={t('receptions.depot')}
        placeholder={t('receptions.depotPlaceholder')}
        leftSection={<IconBuildingWarehouse size={18} />}
        error={field('depot').error}
      />
      <Stack gap="xs" p="sm" bg="var(--mantine-color-gray-0)" style={{ borderRadius: 8 }}>
        <EntityPicker
          config={articles}
          value={article?.idArticle ?? null}
          onChange={(_, item) => {
            setArticle(item);
            setPrice(item ? String(item.prixAchat) : '');
            setLarge(null);
            setRefusal(null);
            setPriceError(false);
          }}
          label={t('receptions.article')}
          placeholder={t('receptions.articlePlaceholder')}
          leftSection={<IconPackage size={18} />}
          error={refusal === 'articleRequired' || refusal === 'duplicate' ? refusalText : undefined}
        />
        {/* Quantity and price side by side (at 375 px too: the quantity shows 4 digits), the button below them on a phone. */}
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            label={t('receptions.quantity')}
            inputMode="numeric"
            maxLength={10}
            value={quantity}
            onChange={(event) => {
              setQuantity(event.currentTarget.value);
              setLarge(null);
              setRefusal(null);
            }}
            onKeyDown={enterAdds}
            error={refusal === 'quantityRequired' || refusal === 'quantityInvalid' || refusal === 'quantityTooLarge' ? refusalText : undefined}
            size="md"
            style={{ flex: '1 1 96px', minWidth: 96 }}
            data-testid="reception-quantity"
          />
          <TextInput
            label={t('receptions.unitCost')}
            inputMode="numeric"
            maxLength={12}
            value={price}
            onChange={(event) => {
              setPrice(event.currentTarget.value.replace(/[\s\u00a0\u202f]/g, ''));
              setLarge(null);
              setPriceError(false);
            }}
            onKeyDown={enterAdds}
            rightSection={<Text fz="xs" c="dimmed">FCFA</Text>}
            rightSectionWidth={48}
            error={priceError ? t('receptions.unitCostInvalid') : undefined}
            size="md"
            style={{ flex: '2 1 150px', minWidth: 150 }}
            data-testid="reception-price"
          />
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={add}
            mt={{ base: 0, xs: 28 }}
            size="md"
            variant="light"
            style={{ flex: '1 0 auto' }}
            data-testid="reception-add-line"
          >
            {t('receptions.addLine')}
          </Button>
        </Group>
        {large && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={t('receptions.largeTitle')} data-testid="reception-large-line">
            {t('receptions.largeLine', {
              count: large.quantity,
              quantity: groupFcfa(large.quantity),
              article: large.designation,
              price: formatFcfa(large.prixAchat),
              amount: formatFcfa(large.quantity * large.prixAchat),
            })}
          </Alert>
        )}
      </Stack>
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fw={600}>{t('receptions.lines')}</Text>
          <Text c="dimmed" fz="sm" data-testid="reception-total-units">
            {t('receptions.totalUnits', { count: totalUnits(lines), units: groupFcfa(totalUnits(lines)) })}
          </Text>
        </Group>
        {lines.length === 0 ? (
          <Text c="dimmed" fz="sm" data-testid="reception-no-lines">
            {t('receptions.noLines')}
          </Text>
        ) : (
          <Table striped verticalSpacing={6} data-testid="reception-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('receptions.article')}</Table.Th>
                <Table.Th ta="right">{t('receptions.unitCost')}</Table.Th>
                <Table.Th ta="right">{t('receptions.quantity')}</Table.Th>
                <Table.Th w={44} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.articleId} data-testid={`reception-line-${line.articleId}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.designation}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatFcfa(line.prixAchat)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {groupFcfa(line.quantity)}
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('receptions.removeLine', { article: line.designation })}
                      onClick={() => form.setFieldValue('lines', removeLine(lines, line.articleId))}
                      data-testid={`reception-remove-${line.articleId}`}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </>
  );
}

/**
 * New or edited reception: driver (with quick add), supplier, depot, then lines added one by one;
 * saving is possible only with at least one line (seed 001 §5). A new reception's receipt opens
 * in a new tab once saved.
 */
export function ReceptionDialog({
  opened,
  reception,
  shop,
  onClose,
  onCreated,
}: {
  opened: boolean;
  reception: Reception | null;
  shop: Shop;
  onClose: () => void;
  onCreated: (reception: Reception) => void;
}) {
  const { t } = useTranslation(['receptions', 'common']);
  const save = useSaveReception();
  return (
    <CrudDialog<ReceptionFormValues, ReceptionInput>
      opened={opened}
      onClose={onClose}
      mode={reception ? 'edit' : 'create'}
      titles={{ create: t('receptions.createTitle'), edit: t('receptions.editTitle') }}
      defaults={emptyReception(shop.idBoutique)}
      values={reception && receptionValues(reception)}
      recordKey={reception?.idReception ?? null}
      schema={receptionFormSchema}
      onSave={async (body, idempotencyKey) => {
        const saved = await save.mutateAsync({ idReception: reception?.idReception ?? null, body, idempotencyKey });
        if (!reception) onCreated(saved);
      }}
      successMessage={{ create: t('receptions.created'), edit: t('receptions.updated') }}
      failureMessage={t('receptions.saveError')}
      canSubmit={(values) => values.lines.length > 0}
      size={640}
      testId="reception-dialog"
    >
      {(field, form) => <ReceptionFields shop={shop} reception={reception} field={field} form={form} />}
    </CrudDialog>
  );
}
