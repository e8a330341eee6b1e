import { INVOICE_TYPE } from '@app/common/contracts/invoice-types';
import type { Sale, SaleBody } from '@app/common/contracts/sales';
import type { ShopClient } from '@app/common/contracts/shop-clients';
import type { SaleSettlement } from '@app/common/sale';
import { formatFcfa, groupFcfa, MAX_AMOUNT_FCFA } from '@app/common/money';

/**
 * The size of a quick amount's digits (« 10 000 »: its buttons say FCFA once, above them), smaller
 * as they grow: a sale of 10 digits keeps them inside a third of a phone's width.
 */
function quickAmountSize(digits: string): number {
  const length = digits.length;
  return length <= 10 ? 16 : length <= 11 ? 14 : length <= 13 ? 12 : 10;
}
import { quickCashAmounts } from '@app/common/sale';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconCloudUpload,
  IconDiscount,
  IconFileTypePdf,
  IconPlus,
  IconReceipt,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsTopDialog } from '../../../components/dialog-stack';
import { EntityPicker } from '../../../components/entity-picker';
import { useClientPicker } from '../../../components/pickers/client-picker';
import { ApiError, isRetryable } from '../../../lib/api-error';
import { createRetryKey } from '../../../lib/retry-key';
import { cartSignature, type CartLine, type CartTotals } from '../cart';
import { canConfirm, dueFor, saleRequest, settle, TILL_METHODS, type PayLine, type TillMethod } from '../payments';
import type { QueuedSale } from '../offline/device-db';
import { useSentSale } from '../offline/use-sale-queue';
import type { SaleDraftKeeper } from '../sale-draft';
import { tillClientsQuery, useRecordSale } from '../api/till-api';
import { KeyHint } from './cart-panel';
import classes from './till.module.css';
import { offline } from '../offline/network';

const AUTO_TICKET_KEY = 'till.autoTicket';

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

export type PayPanelProps = {
  opened: boolean;
  onClose: () => void;
  cart: readonly CartLine[];
  /** The cart's subtotal, discount and total by the shared rule (`cartTotals`). */
  totals: CartTotals;
  /** The discount as kept with the cart (whole FCFA, 0 for none), changed here. */
  discountFcfa: number;
  onDiscountChange: (discountFcfa: number) => void;
  /** Counts the asks for a discount (F8, the cart's button): each one opens the entry and focuses it. */
  discountAsked: number;
  shopId: number;
  /** The signed-in user: the device's copies (the clients) are kept per user and shop. */
  userId: number;
  depotId: number;
  registerId: number | null;
  /** The register's name, for the message of a closed day. */
  registerName: string | null;
  /** Credit sales name a client: only for those who may read the shop's clients. */
  creditAllowed: boolean;
  keeper: SaleDraftKeeper;
  desktop: boolean;
  /** A sale was recorded (the till's list of today's sales, the stock); null: kept in the device's queue. */
  onRecorded: (sale: Sale | null) => void;
  /** The server said the stock is short: the grid reads the stock again. */
  onStockShort: () => void;
  /** The recorded sale's documents. */
  onOpenDocument: (sale: Sale, format: 'ticket' | 'a4', tab?: Window | null) => void;
  /** "New sale": empties the cart. */
  onNewSale: () => void;
  /**
   * The server cannot be reached: the sale goes into this device's queue (issue 20 item 3), with
   * its provisional reference; resolves with the queued sale.
   */
  onQueue: (body: SaleBody, settlement: SaleSettlement, clientName: string | null) => Promise<QueuedSale>;
  /** A queued sale's ticket, drawn in the browser (in `tab` when it was opened inside the tap). */
  onOpenQueuedTicket: (entry: QueuedSale, tab?: Window | null) => void;
};

/** A done sale's change, large, and what the client still owes on a credit sale (recorded or queued alike). */
function DoneAmounts({ changeFcfa, remainderFcfa, client }: { changeFcfa: number; remainderFcfa: number; client: string }) {
  const { t } = useTranslation('till');
  return (
    <>
      <Stack gap={0} p="md" bg="brand.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text size="sm" c="brand.9">
          {t('pay.changeDue')}
        </Text>
        <Text className={classes.changeAmount} c="brand.9" data-testid="till-done-change">
          {formatFcfa(changeFcfa)}
        </Text>
      </Stack>
      {remainderFcfa > 0 && (
        <Alert color="ochre" variant="light" data-testid="till-done-remainder">
          {t('pay.doneRemainder', { amount: formatFcfa(remainderFcfa), client })}
        </Alert>
      )}
    </>
  );
}

/**
 * The pay panel (issue 19 item 4): cash preselected with the exact amount, quick amounts, the
 * change in large; mobile money and card with their reference; several payment lines (split); a
 * credit sale with its client. Every figure comes from `settleSale` (common/sale.ts), the rule the
 * server records with. Keys on a desktop: 1..6 choose the method, Enter confirms, Esc closes.
 */
export function PayPanel(props: PayPanelProps) {
  const { opened, cart, totals, discountFcfa, desktop } = props;
  const totalFcfa = totals.amounts?.totalFcfa ?? 0;
  const { t } = useTranslation(['till', 'cash-desk', 'errors', 'common']);
  const record = useRecordSale();
  const queryClient = useQueryClient();
  // The till's client picker reads through the device's copy (issue 20 item 2): offline it offers the kept clients.
  const sharedPicker = useClientPicker(props.shopId);
  const clientsQuery = tillClientsQuery(props.userId, props.shopId);
  const clientPicker = {
    ...sharedPicker,
    queryKey: clientsQuery.queryKey,
    source: { kind: 'list' as const, load: (signal?: AbortSignal) => clientsQuery.queryFn({ signal }) },
  };
  const [retryKey] = useState(() => createRetryKey());
  const [typeFacture, setTypeFacture] = useState<number>(INVOICE_TYPE.cash);
  const [clientId, setClientId] = useState<number | null>(null);
  const [lines, setLines] = useState<PayLine[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [sale, setSale] = useState<Sale | null>(null);
  const [queued, setQueued] = useState<QueuedSale | null>(null);
  // Once the queue sent it: the real invoice number the server answered (the provisional one beside it).
  const sent = useSentSale(queued?.id ?? null);
  const [autoTicket, setAutoTicket] = useState(() => localStorage.getItem(AUTO_TICKET_KEY) !== '0');
  const sending = useRef(false);
  // The client quick-add opens over the panel: Escape, Enter and 1..6 are then its own.
  const isTop = useIsTopDialog(opened);

  // Each opening on a cart starts afresh: cash, the exact amount (state adjusted while rendering).
  // A changed discount is another sale (its own id); its new total starts the payments again,
  // keeping the sale's type and client.
  const signature = cartSignature(cart, discountFcfa);
  const openFor = opened ? cartSignature(cart) : null;
  const [startedFor, setStartedFor] = useState<string | null>(null);
  const [pricedFor, setPricedFor] = useState<number | null>(null);
  const [discountShown, setDiscountShown] = useState(false);
  const discountRef = useRef<HTMLInputElement>(null);
  const [askedSeen, setAskedSeen] = useState(props.discountAsked);
  const [askedFocus, setAskedFocus] = useState(false);
  if (openFor !== startedFor) {
    setStartedFor(openFor);
    if (openFor !== null) {
      props.keeper.idFor(signature);
      setTypeFacture(INVOICE_TYPE.cash);
      setClientId(null);
      setLines([{ method: 'cash', amount: totalFcfa, reference: '' }]);
      setPricedFor(totalFcfa);
      setActive(0);
      setError(null);
      setSale(null);
      setQueued(null);
      setDiscountShown(false);
      setAskedFocus(false);
    }
  } else if (opened && pricedFor !== totalFcfa && !sale && !queued) {
    setPricedFor(totalFcfa);
    setLines([{ method: 'cash', amount: typeFacture === INVOICE_TYPE.credit ? '' : totalFcfa, reference: '' }]);
    setActive(0);
    setError(null);
  }
  // Asked for from the till (F8, the cart's button): the panel opens with the entry focused.
  if (props.discountAsked !== askedSeen) {
    setAskedSeen(props.discountAsked);
    setDiscountShown(true);
    setAskedFocus(true);
  }
  const showDiscount = discountShown || discountFcfa > 0 || !totals.ok;
  // Asked for inside the panel (F8, its button): the entry takes the focus, typed straight away.
  const [focusAsk, setFocusAsk] = useState(0);
  useEffect(() => {
    if (focusAsk > 0) discountRef.current?.focus();
  }, [focusAsk]);
  const openDiscount = () => {
    setDiscountShown(true);
    setFocusAsk((n) => n + 1);
  };
  const removeDiscount = () => {
    props.onDiscountChange(0);
    setDiscountShown(false);
  };

  const credit = typeFacture === INVOICE_TYPE.credit;
  const result = settle(totalFcfa, lines);
  const confirmable = canConfirm(typeFacture, result, clientId) && cart.length > 0 && totals.ok;
  const activeLine = lines[active];

  const patch = (index: number, change: Partial<PayLine>) => {
    setError(null);
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));
  };
  const chooseMethod = (method: TillMethod) => {
    const line = lines[active];
    if (!line) return;
    const due = dueFor(totalFcfa, lines, active);
    // Only cash gives change: another method pays at most what is left for it.
    const amount = method === 'cash' ? line.amount : typeof line.amount === 'number' ? Math.min(line.amount, due) : due;
    patch(active, { method, amount: amount === 0 ? '' : amount });
  };
  const addLine = () => {
    const method: TillMethod = lines.some((l) => l.method === 'cash') ? 'orange_money' : 'cash';
    const next = [...lines, { method, amount: '' as const, reference: '' }];
    const due = dueFor(totalFcfa, next, next.length - 1);
    next[next.length - 1] = { method, amount: due > 0 ? due : '', reference: '' };
    setLines(next);
    setActive(next.length - 1);
  };
  const removeLine = (index: number) => {
    setLines((current) => current.filter((_, i) => i !== index));
    setActive((a) => Math.max(0, a >= index ? a - 1 : a));
  };
  const chooseType = (value: number) => {
    setTypeFacture(value);
    setError(null);
    // A credit sale starts with nothing paid; a cash sale with the exact amount.
    setLines([{ method: 'cash', amount: value === INVOICE_TYPE.credit ? '' : totalFcfa, reference: '' }]);
    setActive(0);
  };

  const queue = async (body: SaleBody, tab: Window | null) => {
    if (!result.ok) return;
    const client =
      body.client != null
        ? queryClient.getQueryData<ShopClient[]>(clientsQuery.queryKey)?.find((c) => c.idClient === body.client)
        : undefined;
    const entry = await props.onQueue(body, result.settlement, client ? `${client.nom} ${client.prenom}`.trim() : null);
    props.keeper.done();
    setQueued(entry);
    setError(null);
    props.onRecorded(null);
    if (tab) props.onOpenQueuedTicket(entry, tab);
  };

  const submit = async () => {
    if (!confirmable || sending.current || sale || queued) return;
    sending.current = true;
    // The ticket's tab is opened inside the tap (a tab opened after the answer would be blocked).
    const tab = autoTicket ? window.open('', '_blank') : null;
    const body = saleRequest({
      draft: props.keeper.draftFor(signature),
      shopId: props.shopId,
      depotId: props.depotId,
      registerId: props.registerId,
      clientId: credit ? clientId : null,
      typeFacture,
      cart,
      discountFcfa,
      payments: lines,
    });
    try {
      // No network at all: straight into the device's queue (no 15 s wait for an answer that cannot come).
      if (offline()) {
        await queue(body, tab);
        return;
      }
      const recorded = await record.mutateAsync({ body, idempotencyKey: retryKey.keyFor(JSON.stringify(body)) });
      retryKey.settle(false);
      props.keeper.done();
      setSale(recorded);
      props.onRecorded(recorded);
      if (tab) props.onOpenDocument(recorded, 'ticket', tab);
    } catch (caught) {
      // The server could not be reached: the sale is made on the device and sent later, under the
      // same id (the server records it once even if this attempt reached it).
      if (caught instanceof ApiError && caught.code === 'NETWORK') {
        retryKey.settle(false);
        try {
          await queue(body, tab);
          return;
        } catch {
          // The device could not keep it either (storage refused): said below, the sale not made.
        }
      }
      tab?.close();
      retryKey.settle(isRetryable(caught));
      // No answer: the sale may be recorded; its id stays for the retries, whatever the cart becomes.
      if (isRetryable(caught)) props.keeper.unanswered();
      const apiError = caught instanceof ApiError ? caught : null;
      if (apiError?.code === 'INSUFFICIENT_STOCK') props.onStockShort();
      // No usable answer (no network, or a proxy's 502/504, a server error): the sale may be
      // recorded; confirming again records it once. A busy shop's refusal says so itself.
      const unanswered = isRetryable(caught) && apiError?.code !== 'BUSY_RETRY';
      // The register's day was closed (by its cashier, or the director): say which, and what to do.
      const closedDay = apiError?.code === 'DAY_CLOSED' && props.registerName !== null;
      setError(
        unanswered
          ? t('pay.networkRetry')
          : closedDay
            ? t('pay.dayClosed', { register: props.registerName })
            : (apiError?.message ?? t('pay.error')),
      );
    } finally {
      sending.current = false;
    }
  };

  // Desktop keys while the panel is open: 1..6 the method, Enter confirms (or starts the next sale).
  const done = sale !== null || queued !== null;
  const keys = useRef({ submit, chooseMethod, openDiscount, newSale: props.onNewSale, sale: done, isTop });
  useLayoutEffect(() => {
    keys.current = { submit, chooseMethod, openDiscount, newSale: props.onNewSale, sale: done, isTop };
  });
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (!keys.current.isTop || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (event.key === 'F8') {
        event.preventDefault();
        if (!keys.current.sale) keys.current.openDiscount();
        return;
      }
      if (event.key === 'Enter') {
        // A focused button answers Enter itself; a picker's list uses Enter to choose.
        // A form of its own (the client quick-add) submits itself.
        if (target instanceof HTMLButtonElement || (target instanceof HTMLElement && target.closest('[data-combobox], form')))
          return;
        event.preventDefault();
        if (keys.current.sale) keys.current.newSale();
        else void keys.current.submit();
        return;
      }
      const n = Number(event.key);
      if (!keys.current.sale && !isTyping(target) && Number.isInteger(n) && n >= 1 && n <= TILL_METHODS.length) {
        event.preventDefault();
        keys.current.chooseMethod(TILL_METHODS[n - 1]!);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened]);

  const settlement = result.ok ? result.settlement : null;
  const refusal = result.ok ? null : t(`pay.refused.${result.refused}`);
  const quick = activeLine?.method === 'cash' ? quickCashAmounts(dueFor(totalFcfa, lines, active)) : [];

  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      fullScreen={!desktop}
      closeOnEscape={isTop}
      size={560}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      title={sale || sent ? t('pay.doneTitle') : queued ? t('offline.doneTitle') : t('pay.title')}
      transitionProps={desktop ? undefined : { transition: 'slide-up', duration: 150 }}
      // On a phone the confirm button sits at the bottom of the screen, under the thumb.
      styles={
        desktop
          ? undefined
          : { content: { display: 'flex', flexDirection: 'column' }, body: { flex: 1, display: 'flex', flexDirection: 'column' } }
      }
      data-testid="till-pay"
    >
      {queued ? (
        <Stack gap="md" data-testid="till-pay-queued">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={48} radius="xl" color={sent ? 'brand' : 'orange'}>
              {sent ? <IconCircleCheck size={30} /> : <IconCloudUpload size={28} />}
            </ThemeIcon>
            <Stack gap={0}>
              {sent && (
                <Text fw={700} size="lg" data-testid="till-sent-code">
                  {sent.codeFac}
                </Text>
              )}
              {sent ? (
                <Text size="sm" c="dimmed">
                  {t('offline.provisionalLabel')} <span data-testid="till-sale-ref">{queued.refTicket}</span>
                </Text>
              ) : (
                <Text fw={700} size="lg" data-testid="till-sale-ref">
                  {queued.refTicket}
                </Text>
              )}
              <Text c="dimmed" size="sm">
                {t('pay.doneTotal', { total: formatFcfa(queued.totalFcfa) })}
              </Text>
            </Stack>
          </Group>
          {sent ? (
            <Alert color="green" variant="light" data-testid="till-queued-sent">
              {t('offline.sent')}
            </Alert>
          ) : (
            <Alert color="orange" variant="light" data-testid="till-queued-pending">
              {t('offline.pending')}
            </Alert>
          )}
          {/* A credit sale made offline says what the client still owes, as an online one does. */}
          <DoneAmounts changeFcfa={queued.changeFcfa} remainderFcfa={queued.remainderFcfa} client={queued.clientName ?? ''} />
          <Button
            variant="default"
            leftSection={<IconReceipt size={18} />}
            onClick={() => props.onOpenQueuedTicket(sent ?? queued)}
            data-testid="till-ticket"
          >
            {t('pay.ticket')}
          </Button>
          <Button
            size="xl"
            onClick={props.onNewSale}
            rightSection={<KeyHint label="Enter" show={desktop} />}
            data-testid="till-new-sale"
            data-autofocus
          >
            {t('pay.newSale')}
          </Button>
        </Stack>
      ) : sale ? (
        <Stack gap="md" data-testid="till-pay-done">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={48} radius="xl" color="brand">
              <IconCircleCheck size={30} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fw={700} size="lg" data-testid="till-sale-code">
                {sale.codeFac}
              </Text>
              <Text c="dimmed" size="sm">
                {t('pay.doneTotal', { total: formatFcfa(sale.montantFacture) })}
              </Text>
            </Stack>
          </Group>
          <DoneAmounts
            changeFcfa={sale.reliquat}
            remainderFcfa={sale.reste}
            client={sale.client ? `${sale.client.nom} ${sale.client.prenom}` : ''}
          />
          <Group grow>
            <Button
              variant="default"
              leftSection={<IconReceipt size={18} />}
              onClick={() => props.onOpenDocument(sale, 'ticket')}
              data-testid="till-ticket"
            >
              {t('pay.ticket')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={18} />}
              onClick={() => props.onOpenDocument(sale, 'a4')}
              data-testid="till-a4"
            >
              {t('pay.a4')}
            </Button>
          </Group>
          <Button
            size="xl"
            onClick={props.onNewSale}
            rightSection={<KeyHint label="Enter" show={desktop} />}
            data-testid="till-new-sale"
            data-autofocus
          >
            {t('pay.newSale')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm" style={{ flex: 1 }}>
          {showDiscount && (
            <div className={classes.discountBox} data-testid="till-discount">
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {t('discount.label')}
                  </Text>
                  {/* On a phone the amount goes under its label rather than under the discount's input. */}
                  <Text size="xs" c="dimmed">
                    {t('discount.subtotal')}{' '}
                    <span data-testid="till-subtotal" style={{ whiteSpace: 'nowrap' }}>
                      {formatFcfa(totals.amounts?.subtotalFcfa ?? 0)}
                    </span>
                  </Text>
                </Stack>
                <Group gap={6} wrap="nowrap">
                  <NumberInput
                    ref={discountRef}
                    data-autofocus={askedFocus || undefined}
                    aria-label={t('discount.entry')}
                    placeholder="0"
                    allowDecimal={false}
                    allowNegative={false}
                    hideControls
                    thousandSeparator=" "
                    suffix=" FCFA"
                    max={99_999_999}
                    size="sm"
                    w={desktop ? 170 : 140}
                    inputMode="numeric"
                    value={discountFcfa === 0 ? '' : discountFcfa}
                    onChange={(value) =>
                      props.onDiscountChange(typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0)
                    }
                    onKeyDown={(e) => {
                      // Enter: on to the amount handed (the next Enter confirms).
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        document.querySelector<HTMLInputElement>(`[data-testid="pay-amount-${active}"]`)?.focus();
                      }
                    }}
                    error={!totals.ok}
                    data-testid="till-discount-amount"
                  />
                  <ActionIcon
                    variant="default"
                    size={36}
                    onClick={removeDiscount}
                    aria-label={t('discount.remove')}
                    title={t('discount.remove')}
                    data-testid="till-discount-remove"
                  >
                    <IconX size={18} />
                  </ActionIcon>
                </Group>
              </Group>
              {!totals.ok && (
                <Text size="sm" c="red.8" mt={4} role="alert" data-testid="till-discount-too-high">
                  {t('discount.tooHigh', { max: formatFcfa(totals.maxFcfa) })}
                </Text>
              )}
            </div>
          )}
          {/* An amount of 8 digits fills a phone's width: it then goes under its label, not beside it in pieces. */}
          <Group justify="space-between" align="baseline" wrap="wrap" style={{ rowGap: 0 }}>
            <Text c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('pay.toPay')}
            </Text>
            {/* On a desktop the panel opens with the focus here, not on its close button (Enter would
                close it): Enter confirms, the digits 1-6 choose the method. */}
            <Text
              fw={800}
              fz={30}
              ml="auto"
              style={{ whiteSpace: 'nowrap', outline: 'none' }}
              tabIndex={-1}
              data-autofocus={desktop || undefined}
              data-testid="till-pay-total"
            >
              {formatFcfa(totalFcfa)}
            </Text>
          </Group>
          {props.creditAllowed && (
            <SegmentedControl
              fullWidth
              value={String(typeFacture)}
              onChange={(value) => chooseType(Number(value))}
              data={[
                { value: String(INVOICE_TYPE.cash), label: t('pay.typeCash') },
                { value: String(INVOICE_TYPE.credit), label: t('pay.typeCredit') },
              ]}
              data-testid="till-sale-type"
            />
          )}
          {credit && (
            <EntityPicker
              config={clientPicker}
              value={clientId}
              onChange={(id) => setClientId(id)}
              label={t('pay.client')}
              placeholder={t('pay.clientPlaceholder')}
              enabled={opened}
              testId="till-client"
            />
          )}
          {lines.map((line, index) => {
            const isActive = index === active;
            return (
              <div
                key={index}
                className={classes.payLine}
                data-active={isActive || undefined}
                onFocusCapture={() => setActive(index)}
                onClick={() => setActive(index)}
                data-testid={`pay-line-${index}`}
              >
                <Stack gap={8}>
                  {lines.length > 1 && (
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={700}>
                        {t('pay.lineTitle', { n: index + 1, method: t(`cash-desk:methods.${line.method}`) })}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={(e) => {
                          e.stopPropagation();
                          removeLine(index);
                        }}
                        aria-label={t('pay.removeLine')}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  )}
                  {isActive && (
                    <div className={classes.methods} role="radiogroup" aria-label={t('pay.method')}>
                      {TILL_METHODS.map((method, i) => (
                        <Button
                          key={method}
                          role="radio"
                          aria-checked={line.method === method}
                          variant={line.method === method ? 'filled' : 'default'}
                          h={desktop ? 40 : 48}
                          px={6}
                          fz={desktop ? 'sm' : 13}
                          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.15 } }}
                          onClick={() => chooseMethod(method)}
                          rightSection={<KeyHint label={String(i + 1)} show={desktop} />}
                          data-testid={`pay-method-${method}`}
                        >
                          {t(`cash-desk:methods.${method}`)}
                        </Button>
                      ))}
                    </div>
                  )}
                  {isActive && quick.length > 0 && (
                    <div className={classes.quick}>
                      {quick.map((amount, i) => (
                        <Button
                          key={amount}
                          variant={line.amount === amount ? 'light' : 'default'}
                          h={52}
                          px={4}
                          onClick={() => patch(index, { amount })}
                          data-testid={i === 0 ? 'pay-exact' : `pay-quick-${amount}`}
                          styles={{ label: { flexDirection: 'column', lineHeight: 1.15 } }}
                        >
                          <Text span fz={11} fw={600} c={i === 0 ? undefined : 'dimmed'}>
                            {i === 0 ? t('pay.exact') : t('pay.handedShort')}
                          </Text>
                          <Text
                            span
                            fz={quickAmountSize(groupFcfa(amount))}
                            fw={700}
                            style={{ fontVariantNumeric: 'tabular-nums' }}
                          >
                            {groupFcfa(amount)}
                          </Text>
                        </Button>
                      ))}
                    </div>
                  )}
                  <Group gap="xs" wrap={desktop ? 'nowrap' : 'wrap'} align="flex-start" grow={desktop && line.method !== 'cash'}>
                    <NumberInput
                      label={line.method === 'cash' ? t('pay.handed') : t('pay.amount')}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator=" "
                      suffix=" FCFA"
                      max={MAX_AMOUNT_FCFA}
                      size="md"
                      inputMode="numeric"
                      value={line.amount}
                      onChange={(value) => patch(index, { amount: typeof value === 'number' ? value : '' })}
                      style={{ flex: 1, minWidth: desktop ? undefined : '100%' }}
                      data-testid={`pay-amount-${index}`}
                    />
                    {line.method !== 'cash' && (
                      <TextInput
                        label={t('pay.reference')}
                        required
                        maxLength={80}
                        value={line.reference}
                        onChange={(e) => patch(index, { reference: e.currentTarget.value })}
                        style={{ flex: 1, minWidth: desktop ? undefined : '100%' }}
                        data-testid={`pay-reference-${index}`}
                      />
                    )}
                  </Group>
                </Stack>
              </div>
            );
          })}
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={addLine}
              disabled={lines.length >= 10}
              px={6}
              data-testid="pay-add-line"
            >
              {t('pay.addLine')}
            </Button>
            {!showDiscount && (
              <Button
                variant="subtle"
                leftSection={<IconDiscount size={16} />}
                rightSection={<KeyHint label="F8" show={desktop} />}
                onClick={openDiscount}
                px={6}
                data-testid="till-discount-open"
              >
                {t('discount.label')}
              </Button>
            )}
          </Group>
          {refusal && (
            <Alert color="red" variant="light" data-testid="pay-refusal">
              {refusal}
            </Alert>
          )}
          <div className={classes.payFooter}>
            {error && (
              <Alert color="red" variant="filled" mb="xs" data-testid="till-pay-error">
                {error}
              </Alert>
            )}
            {/* Change of 7 digits or more does not fit beside the remainder at 375 px: it then goes under it. */}
            <Group justify="space-between" align="flex-end" mb="xs" wrap="wrap" style={{ rowGap: 4, whiteSpace: 'nowrap' }}>
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {t('pay.remaining')}
                </Text>
                <Text
                  fw={700}
                  fz="lg"
                  c={settlement && settlement.remainingFcfa > 0 ? 'orange.8' : undefined}
                  data-testid="till-remaining"
                >
                  {formatFcfa(settlement?.remainingFcfa ?? totalFcfa)}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" ml="auto">
                <Text size="sm" c="dimmed">
                  {t('pay.changeDue')}
                </Text>
                <Text className={classes.changeAmount} c="brand.8" data-testid="till-change">
                  {formatFcfa(settlement?.changeFcfa ?? 0)}
                </Text>
              </Stack>
            </Group>
            {credit && !clientId && (
              <Text size="sm" c="orange.8" mb={6}>
                {t('pay.clientNeeded')}
              </Text>
            )}
            <Button
              size="xl"
              fullWidth
              disabled={!confirmable}
              loading={record.isPending}
              onClick={() => void submit()}
              rightSection={<KeyHint label="Enter" show={desktop} />}
              data-testid="till-confirm"
            >
              {t('pay.confirm')}
            </Button>
            <Switch
              mt={8}
              size="xs"
              label={t('pay.autoTicket')}
              checked={autoTicket}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setAutoTicket(on);
                localStorage.setItem(AUTO_TICKET_KEY, on ? '1' : '0');
              }}
              data-testid="till-auto-ticket"
            />
          </div>
        </Stack>
      )}
    </Modal>
  );
}
