import type { Invoice } from '@app/common/contracts/invoices';
import { printedName } from '@app/common/contracts/person';
import type { SaleBody } from '@app/common/contracts/sales';
import type { Shop } from '@app/common/contracts/shops';
import type { SaleSettlement } from '@app/common/sale';
import { toLanguage } from '@app/common/languages';
import { can } from '@app/common/permissions';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Chip,
  CloseButton,
  Drawer,
  Group,
  Indicator,
  Loader,
  Popover,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBarcode, IconCamera, IconHistory, IconSearch, IconSettings, IconShoppingCart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireShop } from '../../../components/require-shop';
import { apiFetchBlob } from '../../../lib/api-client';
import { lazyNamed } from '../../../lib/lazy-named';
import { MOBILE_QUERY } from '../../../lib/media';
import { notifyError } from '../../../lib/notify';
import { openPdf } from '../../../lib/open-pdf';
import { queryKeys } from '../../../lib/query-keys';
import { newIdempotencyKey } from '../../../lib/retry-key';
import { setSaleInProgress } from '../../../lib/sale-activity';
import { roleIds, useSession } from '../../../lib/session';
import { documentPath, useDepotStock, useRegisters, useTillClients, useTillDepots } from '../api/till-api';
import { nextTicketRef } from '../offline/device-code';
import { deviceDb, type QueuedSale } from '../offline/device-db';
import { offlineTicketHtml } from '../offline/offline-ticket';
import { enqueueSale, pendingQuantities } from '../offline/sale-queue';
import { useSaleQueue, wakeQueueSender } from '../offline/use-sale-queue';
import { useShortTime } from './queue-badge';
import { draftStore, loadKeptCart, saveCart } from '../cart-store';
import { addUnit, cartTotals, removeLine, removeUnit, repriceLines, setQuantity, unitsOf, type CartLine } from '../cart';
import { createSaleDraftKeeper } from '../sale-draft';
import { byBarcode, scannedArticle, filterArticles, tillArticles, tillCategories, type TillArticle } from '../till-articles';
import { useTillKeys } from '../use-till-keys';
import { ArticleGrid } from './article-grid';
import { CartColumn, CartLines, ChargeButton, DiscountSummary } from './cart-panel';
import { LastSalesDrawer } from './last-sales-drawer';
import { PayPanel } from './pay-panel';
import classes from './till.module.css';
import { offline } from '../offline/network';

// The camera scanner (and ZXing behind it) loads only when the camera button is used.
const CameraScanner = lazyNamed(() => import('./camera-scanner'), 'CameraScanner');

type Notice = { color: 'red' | 'orange'; text: string };

/** The depot and register this device sells from, remembered per shop. */
function useRemembered(key: string): [number | null, (value: number | null) => void] {
  const [value, setValue] = useState<number | null>(() => {
    const stored = Number(localStorage.getItem(key));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  });
  const set = useCallback(
    (next: number | null) => {
      setValue(next);
      if (next === null) localStorage.removeItem(key);
      else localStorage.setItem(key, String(next));
    },
    [key],
  );
  return [value, set];
}

/** app/vente: the till (issue 19 item 4; DECISIONS §13). */
export function TillPage() {
  return <RequireShop>{(shop) => <Till shop={shop} />}</RequireShop>;
}

function Till({ shop }: { shop: Shop }) {
  const { t, i18n } = useTranslation(['till', 'cash-desk', 'errors', 'common', 'invoices']);
  const lang = toLanguage(i18n.language);
  const session = useSession();
  const roles = { roles: roleIds(session?.user) };
  const desktop = !useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const queryClient = useQueryClient();
  const shopId = shop.idBoutique;
  const userId = session?.user.idUser ?? 0;
  const short = useShortTime();

  // Depot: the one chosen on this device, else the user's own (depot assignment), else the shop's first.
  const depots = useTillDepots(userId, shopId);
  const [chosenDepot, setChosenDepot] = useRemembered(`till.depot.${shopId}`);
  const depotList = depots.all.data?.data ?? [];
  const depotId =
    (chosenDepot !== null && depotList.some((d) => d.idDepot === chosenDepot) ? chosenDepot : null) ??
    depots.mine.data?.data[0]?.idDepot ??
    depotList[0]?.idDepot ??
    null;
  const depotName = depotList.find((d) => d.idDepot === depotId)?.libelle ?? '';

  // Register: the one chosen on this device, else the shop's default (also the server's default when none is sent).
  const registersAllowed = can(roles, 'cashRegisters:read');
  // Today's sales for a reprint: whoever rings sales (the screen's permission).
  const salesAllowed = can(roles, 'sales:ring');
  const registers = useRegisters(userId, shopId, registersAllowed);
  const [chosenRegister, setChosenRegister] = useRemembered(`till.register.${shopId}`);
  const registerList = registers.data?.data ?? [];
  const register =
    registerList.find((r) => r.idCaisse === chosenRegister) ?? registerList.find((r) => r.parDefaut) ?? registerList[0] ?? null;
  // Its day closed (the list says so when read online): said now, and no sale charged on it while
  // online (the server would refuse it with the money in hand); offline, a sale goes to its next day.
  const registerClosed = register?.clotureeAujourdhui === true;
  const otherOpen = registerList.some((r) => r.idCaisse !== register?.idCaisse && r.clotureeAujourdhui === false);
  const closedBlocks = registerClosed && !offline();

  const stock = useDepotStock(userId, shopId, depotId);
  // The shop's clients, kept on the device for a credit sale made offline.
  const creditAllowed = can(roles, 'clients:read');
  useTillClients(userId, shopId, creditAllowed);
  // What the sales waiting on this device took is off the stock until the server has them.
  const queue = useSaleQueue(userId, shopId);
  const articles = useMemo(() => {
    const taken = pendingQuantities(queue ?? [], depotId ?? 0);
    return tillArticles(stock.data?.data ?? []).map((a) => ({
      ...a,
      available: Math.max(0, a.available - (taken.get(a.articleId) ?? 0)),
    }));
  }, [stock.data, queue, depotId]);
  const categories = useMemo(() => tillCategories(stock.data?.data ?? []), [stock.data]);
  const byId = useMemo(() => new Map(articles.map((a) => [a.articleId, a])), [articles]);

  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<number | null>(null);
  const shown = useMemo(() => filterArticles(articles, category, search), [articles, category, search]);

  const [keptCart, setCart] = useState<CartLine[]>([]);
  // The cart at the grid's current prices (a restored cart's may be older): the total shown is the one the server records.
  const cart = useMemo(() => repriceLines(keptCart, byId), [keptCart, byId]);
  // The cart is kept on the device per user and shop (a reload, a closed tab): restored once the
  // depot is known, for that depot only (set while rendering, so no effect sees another depot's cart).
  const [cartDepot, setCartDepot] = useState<number | null>(null);
  // The discount agreed with the customer (whole FCFA, 0 for none): part of the kept cart.
  const [discount, setDiscount] = useState(0);
  if (depotId !== null && depotId !== cartDepot && userId > 0) {
    const kept = loadKeptCart(localStorage, userId, shopId, depotId);
    setCartDepot(depotId);
    setCart(kept.lines);
    setDiscount(kept.discountFcfa);
  }
  // An emptied cart has no discount left (the next sale starts without one).
  if (keptCart.length === 0 && discount !== 0) setDiscount(0);
  // Set once the pay panel recorded the sale: closing the panel then starts the next sale.
  const [recorded, setRecorded] = useState(false);
  useEffect(() => {
    // A recorded sale's cart is no longer kept (forgotten when it was recorded): a reload starts the next sale.
    if (depotId !== null && depotId === cartDepot && userId > 0 && !recorded)
      saveCart(localStorage, userId, shopId, depotId, cart, discount);
  }, [cart, discount, cartDepot, depotId, shopId, userId, recorded]);
  const quantities = useMemo(() => new Map(cart.map((l) => [l.articleId, l.quantity])), [cart]);
  // Subtotal, discount and total by the shared rule (what the server records); a discount above
  // the lines' sum is refused: the total is then shown without it, and the sale cannot be confirmed.
  const totals = cartTotals(cart, discount);
  const total = totals.amounts?.totalFcfa ?? 0;
  const units = unitsOf(cart);
  const [notice, setNotice] = useState<Notice | null>(null);

  const [panel, setPanel] = useState<'pay' | 'cart' | 'sales' | 'camera' | null>(null);
  // The sale in flight is kept on the device with the cart: after a reload, the restored cart is
  // sent under the same id, and a sale the server already recorded is answered, not made twice.
  const keeper = useMemo(
    () => createSaleDraftKeeper(newIdempotencyKey, undefined, userId > 0 ? draftStore(localStorage, userId, shopId) : undefined),
    [userId, shopId],
  );
  // A new version of the app waits while a sale is under way (a cart, or the pay panel open).
  const saleInProgress = cart.length > 0 || panel === 'pay';
  useEffect(() => {
    setSaleInProgress(saleInProgress);
  }, [saleInProgress]);
  useEffect(() => () => setSaleInProgress(false), []);
  const searchRef = useRef<HTMLInputElement>(null);

  // The cart as last rendered: a tap's change is computed from it (a stable `add` keeps the cards memoized).
  const cartRef = useRef(cart);
  useLayoutEffect(() => {
    cartRef.current = cart;
  }, [cart]);
  const add = useCallback(
    (article: TillArticle) => {
      const change = addUnit(cartRef.current, article);
      if (change.ok) {
        cartRef.current = change.lines;
        setCart(change.lines);
        setNotice(null);
        return;
      }
      setNotice({
        color: 'orange',
        text:
          change.reason === 'soldOut'
            ? t('notice.soldOut', { name: article.designation })
            : t('notice.noMore', { name: article.designation, count: change.available }),
      });
    },
    [t],
  );
  const typeQuantity = (articleId: number, quantity: number) => {
    const article = byId.get(articleId);
    const change = setQuantity(cart, articleId, quantity, article?.available ?? 0);
    setCart(change.lines ?? cart);
    if (change.ok) setNotice(null);
    else setNotice({ color: 'orange', text: t('notice.noMore', { name: article?.designation ?? '', count: change.available }) });
  };
  const increment = (articleId: number) => {
    const article = byId.get(articleId);
    if (article) add(article);
  };
  const scan = (code: string, before = '') => {
    const found = scannedArticle(articles, code, before);
    if (!found.article) {
      setNotice({ color: 'red', text: t('notice.unknownCode', { code: found.code }) });
      return;
    }
    // The code's first characters went into the search box before the run was seen as a scan.
    if (found.joined) setSearch('');
    add(found.article);
  };
  const charge = () => {
    if (cart.length > 0 && depotId !== null && !closedBlocks) setPanel('pay');
  };
  // F8 or the cart's « Remise » button: the pay panel opens on its discount entry.
  const [discountAsked, setDiscountAsked] = useState(0);
  const askDiscount = () => {
    if (cart.length === 0 || depotId === null) return;
    setDiscountAsked((n) => n + 1);
    setPanel('pay');
  };
  const newSale = () => {
    setRecorded(false);
    setCart([]);
    setDiscount(0);
    setNotice(null);
    setPanel(null);
    setSearch('');
  };

  useTillKeys(panel === null && depotId !== null, searchRef, {
    onScan: scan,
    onCharge: charge,
    onDiscount: askDiscount,
    getSearch: () => searchRef.current?.value ?? '',
    setSearch,
  });

  const openDocument = (file: string, format: 'ticket' | 'a4', tab?: Window | null) => {
    const path = documentPath(file, format, lang);
    const failed = (error: unknown) => notifyError(error instanceof Error ? error.message : t('pay.error'));
    if (!tab) {
      void openPdf(path).catch(failed);
      return;
    }
    apiFetchBlob(path).then(
      (blob) => {
        const url = URL.createObjectURL(blob);
        tab.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
      (error: unknown) => {
        tab.close();
        failed(error);
      },
    );
  };

  /** The sale could not reach the server: it is made on this device, in its queue (issue 20 item 3). */
  const queueSale = async (body: SaleBody, settlement: SaleSettlement, clientName: string | null): Promise<QueuedSale> => {
    const db = deviceDb();
    const refTicket = await nextTicketRef(db);
    const prices = new Map(cart.map((l) => [l.articleId, l.unitPriceFcfa]));
    const entry = await enqueueSale(db, {
      id: body.id,
      userId,
      shopId,
      depotId: body.depot,
      body: {
        ...body,
        horsLigne: true,
        refTicket,
        lignes: body.lignes.map((l) => ({ ...l, prix: prices.get(l.article) ?? 0 })),
      },
      createdAt: body.vendueLe,
      refTicket,
      lines: cart.map((l) => ({ designation: l.designation, quantity: l.quantity, unitPriceFcfa: l.unitPriceFcfa })),
      totalFcfa: total,
      changeFcfa: settlement.changeFcfa,
      remainderFcfa: settlement.remainingFcfa,
      clientName,
    });
    wakeQueueSender();
    return entry;
  };

  const openQueuedTicket = (entry: QueuedSale, tab?: Window | null) => {
    const html = offlineTicketHtml(entry, { shop, seller: session ? printedName(session.user) : '', lang, t });
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
    const target = tab ?? window.open('', '_blank');
    if (target) target.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  const refreshStock = () => void queryClient.invalidateQueries({ queryKey: queryKeys.saleArticles(shopId, depotId ?? 0) });

  const settings = (
    <Popover width={300} position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        {desktop ? (
          <Button
            variant="default"
            leftSection={<IconSettings size={16} />}
            px="sm"
            maw={420}
            data-testid="till-settings"
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          >
            {register ? `${depotName} · ${register.libelle}` : depotName || t('settings.title')}
          </Button>
        ) : (
          <ActionIcon size={42} variant="default" aria-label={t('settings.title')} data-testid="till-settings">
            <IconSettings size={20} />
          </ActionIcon>
        )}
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Select
            label={t('settings.depot')}
            data={depotList.map((d) => ({ value: String(d.idDepot), label: d.libelle }))}
            value={depotId === null ? null : String(depotId)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            onChange={(value) => {
              if (Number(value) === depotId) return;
              setChosenDepot(value ? Number(value) : null);
              // Another depot's stock: the cart starts again.
              setCart([]);
              setCategory(null);
            }}
            data-testid="till-depot"
          />
          {registersAllowed && (
            <Select
              label={t('settings.register')}
              data={registerList.map((r) => ({ value: String(r.idCaisse), label: r.libelle }))}
              value={register ? String(register.idCaisse) : null}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
              onChange={(value) => setChosenRegister(value ? Number(value) : null)}
              data-testid="till-register"
            />
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );

  const searchBox = (
    <TextInput
      ref={searchRef}
      style={{ flex: 1, minWidth: 0 }}
      leftSection={<IconSearch size={18} />}
      rightSection={
        search ? (
          <CloseButton size="sm" onClick={() => setSearch('')} aria-label={t('search.clear')} />
        ) : desktop ? (
          <IconBarcode size={18} opacity={0.5} />
        ) : null
      }
      placeholder={desktop ? t('search.placeholderDesktop') : t('search.placeholder')}
      aria-label={t('search.label')}
      value={search}
      onChange={(e) => setSearch(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && search.trim()) {
          e.preventDefault();
          const exact = byBarcode(articles, search);
          const first = exact ?? shown.find((a) => a.available > 0) ?? shown[0];
          if (first) {
            add(first);
            setSearch('');
          } else if (/^\d{4,}$/.test(search.trim())) {
            // Digits alone that nothing matches: a barcode typed, or scanned too slowly to be seen as a scan.
            setNotice({ color: 'red', text: t('notice.unknownCode', { code: search.trim() }) });
          } else setNotice({ color: 'red', text: t('notice.nothingFound', { term: search.trim() }) });
        } else if (e.key === 'Escape') setSearch('');
      }}
      data-testid="till-search"
    />
  );
  const lastSalesButton = salesAllowed && (
    <ActionIcon
      size={42}
      variant="default"
      onClick={() => setPanel('sales')}
      aria-label={t('lastSales.title')}
      data-testid="till-last-sales-open"
    >
      <IconHistory size={20} />
    </ActionIcon>
  );

  const toolbar = (
    <Stack gap="xs">
      {desktop ? (
        <>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Title order={2} fz="h3">
              {t('title')}
            </Title>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {lastSalesButton}
              {settings}
            </Group>
          </Group>
          {searchBox}
        </>
      ) : (
        <Group gap={6} wrap="nowrap">
          {searchBox}
          <ActionIcon
            size={42}
            variant="light"
            onClick={() => setPanel('camera')}
            aria-label={t('camera.open')}
            data-testid="till-camera-open"
          >
            <IconCamera size={22} />
          </ActionIcon>
          {lastSalesButton}
          {settings}
        </Group>
      )}
      {categories.length > 0 && (
        <div className={classes.chips} data-testid="till-categories">
          <Chip checked={category === null} onChange={() => setCategory(null)} size="sm">
            {t('categories.all')}
          </Chip>
          {categories.map((c) => (
            <Chip key={c.id} checked={category === c.id} onChange={() => setCategory(category === c.id ? null : c.id)} size="sm">
              {c.label}
            </Chip>
          ))}
        </div>
      )}
      {stock.data?.fromDevice && (
        <Text size="sm" c="orange.9" fw={600} title={t('offline.stockAgeHint')} data-testid="till-stock-age">
          {t('offline.stockAge', short(stock.data.savedAt))}
        </Text>
      )}
      {registerClosed && register && (
        <Alert color="red" variant="light" py={8} data-testid="till-register-closed">
          {t(otherOpen ? 'registerClosed.other' : 'registerClosed.none', { register: register.libelle })}
        </Alert>
      )}
      {notice && (
        <Alert
          color={notice.color}
          variant="light"
          withCloseButton
          onClose={() => setNotice(null)}
          py={8}
          data-testid="till-notice"
        >
          {notice.text}
        </Alert>
      )}
    </Stack>
  );

  const grid = (() => {
    if (depots.all.isSuccess && depotList.length === 0) return <Alert color="ochre">{t('noDepot')}</Alert>;
    if (stock.isPending) return <Loader m="xl" />;
    if (stock.isError && !stock.data) return <Alert color="red">{stock.error.message}</Alert>;
    if (shown.length === 0)
      return (
        <Text c="dimmed" ta="center" py="xl">
          {search ? t('notice.nothingFound', { term: search.trim() }) : t('grid.empty')}
        </Text>
      );
    return <ArticleGrid articles={shown} quantities={quantities} onAdd={add} />;
  })();

  return (
    <>
      <div className={classes.layout} data-testid="till">
        <Stack gap="sm" style={{ minWidth: 0 }}>
          {toolbar}
          {grid}
          {!desktop && <div className={classes.phoneSpacer} />}
        </Stack>
        {desktop && (
          <CartColumn
            lines={cart}
            units={units}
            totals={totals}
            onIncrement={increment}
            onDecrement={(id) => setCart((lines) => removeUnit(lines, id))}
            onRemove={(id) => setCart((lines) => removeLine(lines, id))}
            onSetQuantity={typeQuantity}
            onClear={() => setCart([])}
            onCharge={charge}
            onDiscount={askDiscount}
            chargeDisabled={closedBlocks}
          />
        )}
      </div>

      {!desktop && (
        <div className={classes.phoneBar} data-testid="till-phone-bar">
          <Group gap="xs" wrap="nowrap">
            <Indicator label={units} size={20} disabled={units === 0} offset={4} color="ochre.7">
              <ActionIcon
                size={60}
                variant="default"
                onClick={() => setPanel('cart')}
                aria-label={t('cart.open')}
                data-testid="till-cart-open"
              >
                <IconShoppingCart size={26} />
              </ActionIcon>
            </Indicator>
            <div style={{ flex: 1, minWidth: 0 }}>
              <ChargeButton
                totalFcfa={total}
                disabled={cart.length === 0 || closedBlocks}
                onCharge={charge}
                showKeys={false}
                compact
              />
            </div>
          </Group>
        </div>
      )}

      <Drawer
        opened={panel === 'cart'}
        onClose={() => setPanel(null)}
        position="bottom"
        size="80%"
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        title={
          <Group gap="xs">
            {t('cart.title', { count: units })}
            {cart.length > 0 && (
              <Badge
                variant="light"
                color="red"
                component="button"
                onClick={() => setCart([])}
                style={{ cursor: 'pointer' }}
                data-testid="cart-clear"
              >
                {t('cart.clear')}
              </Badge>
            )}
          </Group>
        }
        styles={{ body: { display: 'flex', flexDirection: 'column', minHeight: 'calc(100% - 60px)' } }}
        data-testid="till-cart"
      >
        <div style={{ flex: 1 }}>
          <CartLines
            lines={cart}
            onIncrement={increment}
            onDecrement={(id) => setCart((lines) => removeUnit(lines, id))}
            onRemove={(id) => setCart((lines) => removeLine(lines, id))}
            onSetQuantity={typeQuantity}
          />
        </div>
        <div style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', paddingTop: 8 }}>
          <DiscountSummary totals={totals} />
          <ChargeButton totalFcfa={total} disabled={cart.length === 0 || closedBlocks} onCharge={charge} showKeys={false} />
        </div>
      </Drawer>

      {depotId !== null && (
        <PayPanel
          opened={panel === 'pay'}
          onClose={() => (recorded ? newSale() : setPanel(null))}
          cart={cart}
          totals={totals}
          discountFcfa={discount}
          onDiscountChange={setDiscount}
          discountAsked={discountAsked}
          shopId={shopId}
          userId={userId}
          depotId={depotId}
          registerId={register?.idCaisse ?? null}
          registerName={register?.libelle ?? null}
          creditAllowed={creditAllowed}
          keeper={keeper}
          desktop={desktop}
          onRecorded={() => {
            setRecorded(true);
            saveCart(localStorage, userId, shopId, depotId, []);
          }}
          onStockShort={refreshStock}
          onOpenDocument={(sale, format, tab) => openDocument(sale.file, format, tab)}
          onNewSale={newSale}
          onQueue={queueSale}
          onOpenQueuedTicket={openQueuedTicket}
        />
      )}

      {salesAllowed && (
        <LastSalesDrawer
          opened={panel === 'sales'}
          onClose={() => setPanel(null)}
          shopId={shopId}
          desktop={desktop}
          onOpenDocument={(invoice: Invoice, format) => openDocument(invoice.file, format)}
        />
      )}

      {panel === 'camera' && (
        <Suspense fallback={null}>
          <CameraScanner opened onClose={() => setPanel(null)} onCode={scan} />
        </Suspense>
      )}
    </>
  );
}
