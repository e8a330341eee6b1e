import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Invoice } from '@app/common/contracts/invoices';
import { formatFcfa } from '@app/common/money';
import { lineTotalFcfa, saleAmounts } from '@app/common/sale';
import { percentToBp } from '@app/common/vat';
import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityPicker } from '../../../components/entity-picker';
import { useClientPicker } from '../../../components/pickers/client-picker';
import { useDepotPicker } from '../../../components/pickers/depot-picker';
import { ApiError } from '../../../lib/api-error';
import { addLine, removeLine, type Line } from '../../../lib/line-list';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { openPdf } from '../../../lib/open-pdf';
import { queryKeys } from '../../../lib/query-keys';
import { newIdempotencyKey } from '../../../lib/retry-key';
import { getDepotStock, getInvoiceTypes, useCreateInvoice, useUpdateInvoice } from '../api/invoices';
import { apiFetch } from '../../../lib/api-client';
import type { Depot } from '@app/common/contracts/depots';
import { unbrokenNumber } from '../../../lib/document-number';

type CartLine = Line & { designation: string; unitPriceFcfa: number };

/** The cart of a saved invoice: its lines at the prices of the moment of sale. */
function linesOf(invoice: Invoice): CartLine[] {
  return invoice.articles.map((a) => ({ articleId: a.idArticle, quantity: a.nombre, designation: a.designation, unitPriceFcfa: a.prix }));
}

/**
 * The create and edit dialogs of seed 001 §2 (Invoices): client (optional, quick add), type,
 * depot, article (searched by name or barcode), quantity, cart, discount (8 digits), total, print
 * switch. The cart refuses a line above what the depot holds (showing it), a duplicate or an
 * empty quantity; the server prices the lines and checks the stock again. With `invoice` it
 * edits that invoice (PUT /api/factures/update/{id}): prefilled with its lines, the stock the
 * invoice already holds counts as available, and a proforma stays a proforma (DECISIONS §6).
 * `onCreated` gets a new invoice (the cashier's sale goes on to its payment).
 */
export function InvoiceCreateDialog({
  opened,
  shopId,
  onClose,
  invoice = null,
  onCreated,
}: {
  opened: boolean;
  shopId: number;
  onClose: () => void;
  invoice?: Invoice | null;
  onCreated?: (invoice: Invoice) => void;
}) {
  const { t, i18n } = useTranslation(['invoices', 'common']);
  const clientPicker = useClientPicker(shopId);
  const depotPicker = useDepotPicker({ idBoutique: shopId });
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const editing = invoice !== null;
  const [key, setKey] = useState(newIdempotencyKey);
  const [clientId, setClientId] = useState<number | null>(null);
  const [typeId, setTypeId] = useState<string | null>(String(INVOICE_TYPE.cash));
  const [depotId, setDepotId] = useState<number | null>(null);
  const [articleId, setArticleId] = useState<string | null>(null);
  // One unit unless said otherwise (issue 22 item 12).
  const [quantity, setQuantity] = useState<string | number>(1);
  const [search, setSearch] = useState('');
  const [lines, setLines] = useState<CartLine[]>([]);
  const [discount, setDiscount] = useState('');
  const [print, setPrint] = useState(true);
  const [lineError, setLineError] = useState<string | null>(null);

  // Edit mode: the form starts from the saved invoice each time the dialog opens on it
  // (state adjusted while rendering, React's "storing information from previous renders").
  const [prefilled, setPrefilled] = useState<Invoice | null>(null);
  const prefillWith = opened ? invoice : null;
  if (prefillWith !== prefilled) {
    setPrefilled(prefillWith);
    if (prefillWith !== null) {
      setClientId(prefillWith.client?.idClient ?? null);
      setTypeId(String(prefillWith.typeFacture.idTypeFacture));
      setDepotId(prefillWith.depot.idDepot);
      setArticleId(null);
      setQuantity(1);
      setLines(linesOf(prefillWith));
      setDiscount(prefillWith.remise > 0 ? String(prefillWith.remise) : '');
      setPrint(prefillWith.imprimante);
      setLineError(null);
    }
  }

  // The user's own depot (an assignment) is proposed for a new invoice; the shop's others stay choosable.
  const myDepots = useQuery({
    queryKey: [...queryKeys.depots.options(shopId), 'mine'],
    queryFn: ({ signal }) => apiFetch<Depot[]>(`/api/ligne_depot_current_user/${shopId}`, { signal }),
    enabled: opened && !editing,
  });
  const [depotProposed, setDepotProposed] = useState(false);
  const myFirstDepot = myDepots.data?.[0]?.idDepot ?? null;
  if (opened && !editing && !depotProposed && depotId === null && myFirstDepot !== null) {
    setDepotProposed(true);
    setDepotId(myFirstDepot);
  }
  const types = useQuery({ queryKey: queryKeys.invoiceTypes.options, queryFn: ({ signal }) => getInvoiceTypes(signal), enabled: opened });
  const stock = useQuery({
    queryKey: queryKeys.saleArticles(shopId, depotId ?? 0),
    queryFn: ({ signal }) => getDepotStock(shopId, depotId!, signal),
    enabled: opened && depotId !== null,
    staleTime: 0,
  });
  // What the edited invoice already took from its depot is available to it again.
  const held = useMemo(() => {
    const map = new Map<number, number>();
    if (invoice && invoice.typeFacture.idTypeFacture !== INVOICE_TYPE.proforma && invoice.depot.idDepot === depotId) {
      for (const a of invoice.articles) map.set(a.idArticle, a.nombre);
    }
    return map;
  }, [invoice, depotId]);
  const availableOf = (articleIdOf: number, inDepot: number) => inDepot + (held.get(articleIdOf) ?? 0);
  const articleOptions = useMemo(
    () =>
      (stock.data ?? []).map((row) => ({
        value: String(row.article.idArticle),
        label: `${row.article.designation}${row.article.codeBarre ? ` · ${row.article.codeBarre}` : ''} — ${formatFcfa(row.article.prix)} (${t('create.available', { count: row.quantiteDisponible + (held.get(row.article.idArticle) ?? 0) })})`,
      })),
    [stock.data, held, t],
  );
  // A proforma stays a proforma and an invoice stays an invoice (the server refuses the change).
  const typeOptions = (types.data ?? [])
    .filter((x) => !editing || (x.idTypeFacture === INVOICE_TYPE.proforma) === (invoice.typeFacture.idTypeFacture === INVOICE_TYPE.proforma))
    .map((x) => ({ value: String(x.idTypeFacture), label: x.libelle }));

  const remise = discount === '' ? 0 : Number(discount);
  // The server's rule (common/sale.ts): the total shown is the one it will record, with each
  // article's VAT rate and the shop's price rule as the depot's stock rows carry them (issue 21).
  const rates = useMemo(
    () => new Map((stock.data ?? []).map((row) => [row.article.idArticle, row.article.tauxTva == null ? null : percentToBp(row.article.tauxTva)])),
    [stock.data],
  );
  const pricesIncludeVat = stock.data?.[0]?.article.prixTtc !== false;
  const amounts = saleAmounts(
    lines.map((line) => ({ ...line, rateBp: rates.get(line.articleId) ?? null })),
    Number.isSafeInteger(remise) && remise >= 0 ? remise : 0,
    { pricesIncludeVat },
  );
  const total = 'refused' in amounts ? 0 : amounts.totalFcfa;

  const credit = Number(typeId) === INVOICE_TYPE.credit;

  const reset = () => {
    setKey(newIdempotencyKey());
    setClientId(null);
    setTypeId(String(INVOICE_TYPE.cash));
    setArticleId(null);
    setQuantity(1);
    setSearch('');
    setLines([]);
    setDiscount('');
    setLineError(null);
  };
  const close = () => {
    onClose();
    setTimeout(reset, 300);
  };

  const add = (chosen: string | null = articleId) => {
    const row = stock.data?.find((r) => String(r.article.idArticle) === chosen);
    const article = row ? { articleId: row.article.idArticle, designation: row.article.designation, unitPriceFcfa: row.article.prix } : null;
    // A proforma is a quote: it may ask for more than the depot holds (checked when it becomes an invoice).
    const quote = Number(typeId) === INVOICE_TYPE.proforma;
    const available = row && !quote ? availableOf(row.article.idArticle, row.quantiteDisponible) : null;
    const result = addLine<CartLine>(lines, article, quantity, { available });
    if (!result.ok) {
      setLineError(t(`lines.${result.reason}`, { available: result.available, count: result.available }));
      return;
    }
    setLines(result.lines);
    setLineError(null);
    setArticleId(null);
    setSearch('');
    setQuantity(1);
  };

  // Enter in the article field adds the article matching exactly by barcode or name: a barcode
  // scanner types the digits, then Enter (issue 22 item 12).
  const addTyped = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const typed = search.trim().toLowerCase();
    if (!typed) return;
    const match = stock.data?.find((r) => r.article.codeBarre?.toLowerCase() === typed || r.article.designation.toLowerCase() === typed);
    if (!match) return;
    event.preventDefault();
    add(String(match.article.idArticle));
  };

  const submit = async () => {
    if (depotId === null || typeId === null || lines.length === 0) return;
    const body = {
      client: clientId ?? 0,
      boutiques: shopId,
      articles: lines.map((l) => ({ articles: l.articleId, nombre: l.quantity })),
      depot: depotId,
      remise,
      typeFactures: Number(typeId),
      imprimante: print,
    };
    try {
      const saved: Invoice = editing
        ? await update.mutateAsync({ id: invoice.idFacture, body: { ...body, id: invoice.idFacture }, idempotencyKey: key })
        : await create.mutateAsync({ idempotencyKey: key, body });
      notifySuccess(t(editing ? 'edit.updated' : 'create.created', { code: saved.codeFac }));
      close();
      if (!editing) onCreated?.(saved);
      if (print) await openPdf(`/api/downloadFile/${saved.file}?lang=${i18n.language}`);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t(editing ? 'edit.error' : 'create.error'));
    }
  };

  const discountTooHigh = 'refused' in amounts && amounts.refused === 'DISCOUNT_TOO_HIGH';
  return (
    <Modal opened={opened} onClose={close} title={editing ? t('edit.title', { code: unbrokenNumber(invoice.codeFac) }) : t('create.title')} size="lg" data-testid="invoice-dialog">
      <Stack gap="sm">
        <EntityPicker
          config={clientPicker}
          value={clientId}
          onChange={(id) => setClientId(id)}
          // A sale on account names who owes it (the server refuses it otherwise, as the till and the conversion do).
          label={credit ? t('convert.chooseClient') : t('create.client')}
          placeholder={credit ? undefined : t('create.noClient')}
          enabled={opened}
        />
        <Select
          label={t('create.type')}
          data={typeOptions}
          value={typeId}
          onChange={setTypeId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="invoice-type-select"
        />
        <EntityPicker
          config={depotPicker}
          value={depotId}
          onChange={(id) => {
            // A depot is required: choosing the one already chosen keeps it (and its cart).
            if (id === null || id === depotId) return;
            setDepotId(id);
            setLines([]);
            setArticleId(null);
          }}
          label={t('create.depot')}
          enabled={opened}
        />
        {/* On a phone the article takes the whole row (its names are read in full), the quantity and + the next. */}
        <Group align="flex-end" gap="xs">
          <Select
            style={{ flex: '1 1 220px', minWidth: 0 }}
            label={t('create.article')}
            placeholder={t('create.articlePlaceholder')}
            searchable
            data={articleOptions}
            value={articleId}
            onChange={setArticleId}
            searchValue={search}
            onSearchChange={setSearch}
            onKeyDown={addTyped}
            disabled={depotId === null}
            nothingFoundMessage={t('common:table.noData')}
            comboboxProps={{ withinPortal: true }}
            data-testid="article-select"
          />
          <NumberInput
            w={90}
            label={t('create.quantity')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={quantity}
            onChange={setQuantity}
            data-testid="quantity-input"
          />
          <ActionIcon size="lg" mb={4} onClick={() => add()} aria-label={t('create.addLine')} data-testid="add-line" disabled={depotId === null}>
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
        {lineError && (
          <Alert color="red" data-testid="line-error">
            {lineError}
          </Alert>
        )}
        <Table data-testid="cart-table" striped horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('create.article')}</Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                {t('create.quantityShort')}
              </Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                {t('create.unitPrice')}
              </Table.Th>
              <Table.Th ta="right">{t('create.amount')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" size="sm" ta="center">
                    {t('create.emptyCart')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {lines.map((line) => (
              <Table.Tr key={line.articleId}>
                <Table.Td>
                  {line.designation}
                  {/* On a phone the quantity and unit price are said under the name: 3 columns fit, 5 did not. */}
                  <Text size="xs" c="dimmed" hiddenFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                    {t('create.quantityTimesPrice', { quantity: line.quantity, price: formatFcfa(line.unitPriceFcfa) })}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="xs">
                  {line.quantity}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
                  {formatFcfa(line.unitPriceFcfa)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid={`line-total-${line.articleId}`}>
                  {formatFcfa(lineTotalFcfa(line))}
                </Table.Td>
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={t('create.removeLine')} onClick={() => setLines(removeLine(lines, line.articleId))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <TextInput
          label={t('create.discount')}
          inputMode="numeric"
          value={discount}
          maxLength={8}
          onChange={(e) => setDiscount(e.currentTarget.value.replace(/\D/g, '').slice(0, 8))}
          error={discountTooHigh ? t('create.discountTooHigh') : undefined}
          data-testid="discount-input"
        />
        <Group justify="space-between">
          <Text fw={700} data-testid="invoice-total">
            {t('create.totalLine', { amount: formatFcfa(Math.max(0, total)) })}
          </Text>
          <Switch label={t('create.print')} checked={print} onChange={(e) => setPrint(e.currentTarget.checked)} data-testid="print-switch" />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={create.isPending || update.isPending}
            disabled={lines.length === 0 || depotId === null || typeId === null || discountTooHigh || (credit && clientId === null)}
            data-testid="invoice-save"
          >
            {editing ? t('edit.save') : t('create.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
