import type { SaleBody } from '@app/common/contracts/sales';
import { Dexie, type DexieOptions, type Table } from 'dexie';

/** What the till last loaded from the server, per user and shop (issue 20 item 2). */
export type Snapshot<T = unknown> = {
  /** `{user}:{shop}:{what}`, e.g. `7:3:stock:12` for the stock of depot 12. */
  key: string;
  userId: number;
  shopId: number;
  data: T;
  /** When the server gave it (ms since the epoch): shown as the stock's age. */
  savedAt: number;
};

export type QueueError = { code: string; status: number; message: string };

/** One printed line of an offline ticket: what the device charged. */
export type QueuedLine = { designation: string; quantity: number; unitPriceFcfa: number };

/**
 * A sale made without network, waiting on this device to be sent (DECISIONS §13). It leaves the
 * table only when the server has answered it; a sale the server refused for good stays, with the
 * reason, for the cashier and the manager to see.
 */
export type QueuedSale = {
  /** Creation order on this device (auto-increment): the order of sending. */
  seq?: number;
  /** The sale's own id (UUID), sent as `id`: the server records it once. */
  id: string;
  userId: number;
  shopId: number;
  depotId: number;
  body: SaleBody;
  /** The device's time of the sale (ISO), also `body.vendueLe`. */
  createdAt: string;
  refTicket: string;
  lines: QueuedLine[];
  totalFcfa: number;
  changeFcfa: number;
  remainderFcfa: number;
  clientName: string | null;
  state: 'waiting' | 'refused';
  attempts: number;
  /** Not sent again before this time (ms): the back-off after a failed attempt. */
  nextAttemptAt: number;
  lastError: QueueError | null;
  /** A refused sale: when the server took the device's report of it (the managers see it); absent until then. */
  reportedAt?: number;
};

/**
 * A queued sale the server has recorded, with the real invoice number it answered: kept a day on
 * the device so that the ticket shown and any reprint carry the real number (the provisional one
 * beside it).
 */
export type SentSale = QueuedSale & { codeFac: string; sentAt: number };

/** The device's own code for provisional references, and its counter (made once per device). */
export type DeviceRow = { key: 'device'; code: string; counter: number };

/** A small image of an article, kept as bytes for the grid offline. */
export type Thumbnail = { file: string; blob: Blob; savedAt: number };

export class DeviceDb extends Dexie {
  snapshots!: Table<Snapshot, string>;
  queue!: Table<QueuedSale, number>;
  sent!: Table<SentSale, string>;
  device!: Table<DeviceRow, string>;
  thumbnails!: Table<Thumbnail, string>;

  constructor(name = 'boutiko-device', options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      snapshots: 'key, [userId+shopId]',
      queue: '++seq, [userId+shopId], id',
      device: 'key',
      thumbnails: 'file, savedAt',
    });
    this.version(2).stores({ sent: 'id, [userId+shopId], sentAt' });
  }
}

let shared: DeviceDb | null = null;

/** The browser's device database (one for every user and shop of this browser; rows carry both). */
export function deviceDb(): DeviceDb {
  shared ??= new DeviceDb();
  return shared;
}
