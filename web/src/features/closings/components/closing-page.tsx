import { closingFigures } from '@app/common/closings';
import type { CashRegister } from '@app/common/contracts/cash-registers';
import type { Closing } from '@app/common/contracts/closings';
import { printedName } from '@app/common/contracts/person';
import { todayIn } from '@app/common/dates';
import { formatFcfa, MAX_AMOUNT_FCFA } from '@app/common/money';
import type { Shop } from '@app/common/contracts/shops';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet, IconFileTypePdf, IconLock, IconReceipt } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/list-page';
import { Pager } from '../../../components/pager';
import { DayInput } from '../../../components/day-input';
import { RequireShop } from '../../../components/require-shop';
import { apiFetchBlob } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { useFormatDate, useFormatDay } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { openPdf } from '../../../lib/open-pdf';
import { queryKeys } from '../../../lib/query-keys';
import { createRetryKey } from '../../../lib/retry-key';
import { MOBILE_QUERY } from '../../../lib/media';
import {
  closingCsvPath,
  closingPdfPath,
  getClosingPreview,
  getClosingsPage,
  getRegisters,
  useCloseDay,
} from '../api/closings-api';

const money = (amount: number) => formatFcfa(amount);
const signedMoney = (amount: number) => (amount > 0 ? `+${money(amount)}` : money(amount));
/** Short (red), over (orange) or balanced (green). */
const differenceColor = (amount: number | null) => ((amount ?? 0) < 0 ? 'red.8' : (amount ?? 0) > 0 ? 'orange.8' : 'green.8');

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** The difference, said in words and colour: short (red), over (orange) or balanced (green). */
function Difference({ amount, testId }: { amount: number | null; testId: string }) {
  const { t } = useTranslation('closings');
  if (amount === null) return <Text c="dimmed">—</Text>;
  const color = differenceColor(amount);
  const words =
    amount < 0
      ? t('figures.short', { amount: money(-amount) })
      : amount > 0
        ? t('figures.over', { amount: money(amount) })
        : t('figures.balanced');
  return (
    <Stack gap={0} align="flex-end">
      <Text fw={700} fz="lg" c={color} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {signedMoney(amount)}
      </Text>
      <Text size="sm" c={color} data-testid={`${testId}-words`}>
        {words}
      </Text>
    </Stack>
  );
}

function Line({ label, hint, children, bold }: { label: string; hint?: string; children: ReactNode; bold?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Text fw={bold ? 700 : 500}>{label}</Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      <div style={{ textAlign: 'right', flexShrink: 0 }}>{children}</div>
    </Group>
  );
}

function Amount({ value, testId, bold }: { value: number; testId?: string; bold?: boolean }) {
  return (
    <Text fw={bold ? 700 : 500} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {money(value)}
    </Text>
  );
}

/** Payments of the day by method, and their total. */
function ByMethod({ closing }: { closing: Closing }) {
  const { t } = useTranslation('closings');
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        {t('figures.byMethod')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs" data-testid="closing-count">
        {t('figures.payments', { count: closing.nombrePaiements })}
      </Text>
      {closing.ventesEnRetard.nombre > 0 && (
        // Sales made offline on a day already closed, recorded on this one (DECISIONS §13).
        <Text size="sm" c="orange.8" mb="xs" data-testid="closing-late-sales">
          {t('figures.lateSales', { count: closing.ventesEnRetard.nombre })} — {money(closing.ventesEnRetard.montant)}
        </Text>
      )}
      <Table data-testid="closing-methods" verticalSpacing={6}>
        <Table.Tbody>
          {closing.parMethode.map((line) => (
            <Table.Tr key={line.methode} c={line.montant === 0 ? 'dimmed' : undefined}>
              <Table.Td>{t(`methods.${line.methode}`)}</Table.Td>
              <Table.Td ta="right" data-testid={`closing-method-${line.methode}`} style={{ whiteSpace: 'nowrap' }}>
                {money(line.montant)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t('figures.total')}</Table.Th>
            <Table.Th ta="right" data-testid="closing-total" style={{ whiteSpace: 'nowrap' }}>
              {money(closing.totalEncaisse)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}

function ClosingFiles({ closing }: { closing: Closing }) {
  const { t } = useTranslation('closings');
  const [busy, setBusy] = useState<string | null>(null);
  const id = closing.idCloture!;
  const run = async (kind: string, action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      notifyError(errorText(error, t('error')));
    } finally {
      setBusy(null);
    }
  };
  const csv = async () => {
    const url = URL.createObjectURL(await apiFetchBlob(closingCsvPath(id)));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${t('document.fileName')}-${closing.date}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <Group gap="xs">
      <Button
        variant="light"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy === 'a4'}
        onClick={() => void run('a4', () => openPdf(closingPdfPath(id, 'a4')))}
        data-testid="closing-pdf"
      >
        {t('pdf')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconReceipt size={16} />}
        loading={busy === 'ticket'}
        onClick={() => void run('ticket', () => openPdf(closingPdfPath(id, 'ticket')))}
        data-testid="closing-ticket"
      >
        {t('ticket')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy === 'csv'}
        onClick={() => void run('csv', csv)}
        data-testid="closing-csv"
      >
        {t('csv')}
      </Button>
    </Group>
  );
}

/** A closed day: the stored figures, who closed it and when, and its documents. */
function ClosedDay({ closing }: { closing: Closing }) {
  const { t } = useTranslation('closings');
  const formatDate = useFormatDate();
  return (
    <Paper withBorder radius="md" p="md" data-testid="closing-closed">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconLock size={18} style={{ flexShrink: 0, marginTop: 3 }} />
          <Text fw={600}>
            {t('status.closedBy', { user: closing.user ? printedName(closing.user) : '', date: formatDate(closing.clotureLe, 'dateTime') })}
          </Text>
        </Group>
        <Line label={t('figures.float')}>
          <Amount value={closing.fondDeCaisse} />
        </Line>
        <Line label={t('figures.cashReceived')}>
          <Amount value={closing.especesRecues} testId="closing-cash-received" />
        </Line>
        <Line label={t('figures.change')}>
          <Amount value={closing.reliquat} testId="closing-change" />
        </Line>
        <Line label={t('figures.expected')} hint={t('figures.expectedHint')} bold>
          <Amount value={closing.especesAttendues} testId="closing-expected" bold />
        </Line>
        <Line label={t('figures.counted')}>
          <Amount value={closing.especesComptees ?? 0} testId="closing-counted" />
        </Line>
        <Line label={t('figures.difference')} hint={t('figures.differenceHint')} bold>
          <Difference amount={closing.ecart} testId="closing-difference" />
        </Line>
        {closing.note && <Text size="sm">{t('document.note', { note: closing.note })}</Text>}
        <ClosingFiles closing={closing} />
      </Stack>
    </Paper>
  );
}

/** An open day: the float and the counted cash typed in, expected cash and difference live, then the closing. */
function OpenDay({
  preview,
  registerName,
  onClosed,
}: {
  preview: Closing;
  registerName: string;
  onClosed: (c: Closing) => void;
}) {
  const { t } = useTranslation('closings');
  const formatDay = useFormatDay();
  const close = useCloseDay();
  const [retryKey] = useState(() => createRetryKey());
  const [float, setFloat] = useState<number | string>(0);
  const [counted, setCounted] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const floatFcfa = typeof float === 'number' ? float : 0;
  const countedFcfa = typeof counted === 'number' ? counted : null;
  const totals = Object.fromEntries(preview.parMethode.map((line) => [line.methode, line.montant]));
  const figures = closingFigures({
    openingFloatFcfa: floatFcfa,
    totalsByMethod: totals,
    changeGivenFcfa: preview.reliquat,
    countedCashFcfa: countedFcfa,
  });

  const submit = async () => {
    const body = {
      caisse: preview.caisse.idCaisse,
      date: preview.date,
      fondDeCaisse: floatFcfa,
      montantCompte: countedFcfa ?? 0,
      note,
    };
    const idempotencyKey = retryKey.keyFor(JSON.stringify(body));
    try {
      const closed = await close.mutateAsync({ body, idempotencyKey });
      retryKey.settle(false);
      setConfirming(false);
      notifySuccess(t('closed'));
      onClosed(closed);
    } catch (error) {
      retryKey.settle(!(error instanceof ApiError) || error.status >= 500);
      setConfirming(false);
      notifyError(errorText(error, t('error')));
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="closing-open">
      <Stack gap="sm">
        <NumberInput
          label={t('figures.float')}
          description={t('figures.floatHint')}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          max={MAX_AMOUNT_FCFA}
          suffix=" FCFA"
          value={float}
          onChange={setFloat}
          data-testid="closing-float"
        />
        <Line label={t('figures.cashReceived')}>
          <Amount value={figures.cashReceivedFcfa} testId="closing-cash-received" />
        </Line>
        <Line label={t('figures.change')}>
          <Amount value={preview.reliquat} testId="closing-change" />
        </Line>
        <Line label={t('figures.expected')} hint={t('figures.expectedHint')} bold>
          <Amount value={figures.expectedCashFcfa} testId="closing-expected" bold />
        </Line>
        <NumberInput
          label={t('figures.counted')}
          description={t('figures.countedHint')}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          max={MAX_AMOUNT_FCFA}
          suffix=" FCFA"
          value={counted}
          onChange={setCounted}
          required
          data-testid="closing-counted-input"
        />
        <Line label={t('figures.difference')} hint={t('figures.differenceHint')} bold>
          <Difference amount={figures.differenceFcfa} testId="closing-difference" />
        </Line>
        <Textarea
          label={t('figures.note')}
          placeholder={t('figures.notePlaceholder')}
          maxLength={500}
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-testid="closing-note"
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconLock size={16} />}
            disabled={countedFcfa === null}
            onClick={() => setConfirming(true)}
            data-testid="closing-submit"
          >
            {t('close')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirm.title', { register: registerName, date: formatDay(preview.date) })}
        data-testid="closing-confirm"
      >
        <Stack>
          <Text size="sm">{t('confirm.text')}</Text>
          <Line label={t('figures.expected')}>
            <Amount value={figures.expectedCashFcfa} />
          </Line>
          <Line label={t('figures.counted')}>
            <Amount value={countedFcfa ?? 0} />
          </Line>
          <Line label={t('figures.difference')}>
            <Difference amount={figures.differenceFcfa} testId="closing-confirm-difference" />
          </Line>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('confirm.cancel')}
            </Button>
            <Button loading={close.isPending} onClick={() => void submit()} data-testid="closing-confirm-ok">
              {t('confirm.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** Past closings, newest day first: directors all of the shop, cashiers their own. */
function History({ shop }: { shop: Shop }) {
  const { t } = useTranslation('closings');
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const formatDay = useFormatDay();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: queryKeys.closings.list(shop.idBoutique, page),
    queryFn: ({ signal }) => getClosingsPage(shop.idBoutique, page, signal),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  const open = (c: Closing, format: 'a4' | 'ticket') =>
    void openPdf(closingPdfPath(c.idCloture!, format)).catch((e: unknown) => notifyError(errorText(e, t('error'))));
  const documentButtons = (c: Closing) => (
    <>
      <Button size="compact-sm" variant="subtle" onClick={() => open(c, 'a4')}>
        {t('pdf')}
      </Button>
      <Button size="compact-sm" variant="subtle" onClick={() => open(c, 'ticket')}>
        {t('ticket')}
      </Button>
    </>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid="closing-history">
      <Title order={2} size="h4" mb="sm">
        {t('history.title')}
      </Title>
      {query.isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {t('error')}
        </Alert>
      ) : !query.data ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : isMobile ? (
        <Stack gap="xs">
          {rows.map((c) => (
            <Paper key={c.idCloture} withBorder radius="md" p="sm" data-testid={`closing-row-${c.idCloture}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{formatDay(c.date)}</Text>
                  <Text size="sm" c="dimmed">
                    {c.caisse.libelle} · {c.user ? printedName(c.user) : ''}
                  </Text>
                </div>
                <Text fw={700} c={differenceColor(c.ecart)} style={{ whiteSpace: 'nowrap' }}>
                  {signedMoney(c.ecart ?? 0)}
                </Text>
              </Group>
              <Group justify="space-between" mt={4}>
                <Text size="sm">{t('history.expectedValue', { amount: money(c.especesAttendues) })}</Text>
                <Text size="sm">{t('history.countedValue', { amount: money(c.especesComptees ?? 0) })}</Text>
              </Group>
              <Group gap={4} mt={4}>
                {documentButtons(c)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.day')}</Table.Th>
                <Table.Th>{t('history.register')}</Table.Th>
                <Table.Th ta="right">{t('history.expected')}</Table.Th>
                <Table.Th ta="right">{t('history.counted')}</Table.Th>
                <Table.Th ta="right">{t('history.difference')}</Table.Th>
                <Table.Th>{t('history.user')}</Table.Th>
                <Table.Th>{t('history.documents')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.idCloture} data-testid={`closing-row-${c.idCloture}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(c.date)}</Table.Td>
                  <Table.Td>{c.caisse.libelle}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(c.especesAttendues)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(c.especesComptees ?? 0)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c={differenceColor(c.ecart)}>
                    {signedMoney(c.ecart ?? 0)}
                  </Table.Td>
                  <Table.Td>{c.user ? printedName(c.user) : ''}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {documentButtons(c)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(query.data?.last_page ?? 1) > 1 && (
        <Group justify="center" mt="sm">
          <Pager page={page} last={query.data?.last_page ?? 1} onChange={setPage} />
        </Group>
      )}
    </Paper>
  );
}

function ShopClosing({ shop }: { shop: Shop }) {
  const { t } = useTranslation('closings');
  const today = todayIn(shop.timeZone);
  const [params, setParams] = useSearchParams();
  const registers = useQuery({
    queryKey: queryKeys.closings.registers(shop.idBoutique),
    queryFn: ({ signal }) => getRegisters(shop.idBoutique, signal),
  });
  const list: CashRegister[] = useMemo(() => registers.data ?? [], [registers.data]);
  const fallback = list.find((r) => r.parDefaut) ?? list[0];
  const chosen = Number(params.get('caisse')) || fallback?.idCaisse;
  const register = list.find((r) => r.idCaisse === chosen) ?? fallback;
  const asked = params.get('jour') ?? today;
  const date = asked > today ? today : asked;
  const choose = (next: { caisse?: number; jour?: string }) =>
    setParams({ caisse: String(next.caisse ?? register?.idCaisse ?? ''), jour: next.jour ?? date }, { replace: true });

  const preview = useQuery({
    queryKey: queryKeys.closings.preview(register?.idCaisse ?? 0, date),
    queryFn: ({ signal }) => getClosingPreview(register!.idCaisse, date, signal),
    enabled: register !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const [justClosed, setJustClosed] = useState<Closing | null>(null);
  const shown =
    justClosed && justClosed.caisse.idCaisse === register?.idCaisse && justClosed.date === date ? justClosed : preview.data;

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={560}>
        <Select
          label={t('register')}
          data={list.map((r) => ({ value: String(r.idCaisse), label: r.libelle }))}
          value={register ? String(register.idCaisse) : null}
          onChange={(value) => value && choose({ caisse: Number(value) })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="closing-register"
        />
        <DayInput
          label={t('day')}
          value={date}
          max={today}
          onChange={(event) => event.currentTarget.value && choose({ jour: event.currentTarget.value })}
          data-testid="closing-day"
        />
      </SimpleGrid>

      {registers.isError || preview.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} data-testid="closing-error">
          {errorText(preview.error ?? registers.error, t('error'))}
        </Alert>
      ) : !shown ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Badge size="lg" variant="light" color={shown.cloturee ? 'gray' : 'green'} data-testid="closing-status">
              {shown.cloturee ? t('status.closed') : t('status.open')}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ByMethod closing={shown} />
            {shown.cloturee ? (
              <ClosedDay closing={shown} />
            ) : (
              <OpenDay
                key={`${shown.caisse.idCaisse}/${shown.date}`}
                preview={shown}
                registerName={register?.libelle ?? ''}
                onClosed={setJustClosed}
              />
            )}
          </SimpleGrid>
        </Stack>
      )}
      <History shop={shop} />
    </Stack>
  );
}

/** app/cloture-caisse (DECISIONS §1, §12): a register's day, counted and closed; past closings. */
export function ClosingPage() {
  return <RequireShop>{(shop) => <ShopClosing key={shop.idBoutique} shop={shop} />}</RequireShop>;
}
