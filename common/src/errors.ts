/** Every error code the API answers with, and its HTTP status (one exhaustive map). */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 401,
  ACCOUNT_INACTIVE: 403,
  FORBIDDEN: 403,
  NOT_SHOP_MEMBER: 403,
  /** A write that may leave its shop out, by a caller of several shops: say which. */
  SHOP_REQUIRED: 400,
  NOT_FOUND: 404,
  /** GET /api/verifier/{code}: unknown, made up or altered; the same answer whatever the reason (issue 21). */
  DOCUMENT_NOT_VERIFIABLE: 404,
  /** A stored document whose content no longer matches its hash: it is not printed as if it were the one issued. */
  DOCUMENT_ALTERED: 409,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  PHONE_TAKEN: 409,
  LAST_SHOP: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** An Idempotency-Key sent again with another payload (IETF idempotency-key draft: 422). */
  IDEMPOTENCY_KEY_REUSED: 422,
  PLAN_LIMIT: 409,
  /** A director cannot remove themselves from a shop, nor drop their own director role. */
  CANNOT_REMOVE_SELF: 422,
  /** The account owner stays a director and a member of the account's shops. */
  CANNOT_REMOVE_OWNER: 422,
  /** A Personaliser subscription is activated only once the admin has set its price. */
  PRICE_REQUIRED: 422,
  /** A depot assignment names a user who is not a member of the depot's shop. */
  USER_NOT_IN_DEPOT_SHOP: 422,
  ALREADY_ASSIGNED: 409,
  PHONE_INVALID: 400,
  UNKNOWN_COUNTRY: 400,
  /** No shop is configured for a public client self-registration channel (client_channels). */
  CHANNEL_NOT_CONFIGURED: 503,
  /** A public channel already feeds a shop of another account: only that account may change it. */
  CHANNEL_TAKEN: 409,
  SUBSCRIPTION_EXPIRED: 403,
  /** Forgot password: no account has this e-mail (seed 000 §8 'Your email does not exist'). */
  EMAIL_UNKNOWN: 404,
  /** A password-reset link already used, expired or unknown. */
  RESET_TOKEN_INVALID: 400,
  /** A new password found among the most common breached passwords (common/src/common-passwords.ts). */
  PASSWORD_BREACHED: 422,
  /** The profile's password change with a current password that is not the user's. */
  CURRENT_PASSWORD_WRONG: 422,
  /** PUT /api/update/pass on the caller's own account: their own password changes in the profile, with the current one. */
  OWN_PASSWORD_IN_PROFILE: 422,
  // Trading (seed 001; DECISIONS §5-§7, §12).
  /** Not enough available stock in the depot: the message names the article and the quantity available. */
  INSUFFICIENT_STOCK: 409,
  /** A reception whose stock has already left the depot cannot be deleted or reduced. */
  RECEPTION_STOCK_GONE: 409,
  /** A stock movement (the seeds' inventaire) is a fact of the ledger: never edited nor deleted (DECISIONS §5). */
  STOCK_MOVEMENT_FIXED: 409,
  /** A manager's article edit touching prices, minimum or quantity (DECISIONS §1). */
  MANAGER_RESTRICTED_FIELDS: 403,
  BARCODE_TAKEN: 409,
  /** A live category label is unique in its shop (case-insensitive). */
  CATEGORY_TAKEN: 409,
  /** A transfer needs two different depots. */
  SAME_DEPOT: 422,
  /** A CSV import with bad rows: nothing is written; details list each row's line and reason. */
  IMPORT_INVALID: 422,
  /** The discount exceeds the sum of the lines. */
  DISCOUNT_TOO_HIGH: 422,
  /** A proforma is never paid nor delivered (DECISIONS §6). */
  INVOICE_PROFORMA: 409,
  INVOICE_SETTLED: 409,
  INVOICE_DELIVERED: 409,
  /** A sale other than on account (Crédit) is delivered only once settled (DECISIONS §6). */
  DELIVERY_NEEDS_PAYMENT: 409,
  /** Paid and delivered: the invoice can no longer be edited. */
  INVOICE_LOCKED: 409,
  /** The total or remainder the client sent no longer match the invoice. */
  INVOICE_CHANGED: 409,
  /** An edit would bring the invoice's total below what has already been paid. */
  INVOICE_BELOW_PAID: 422,
  /** A proforma becomes an invoice through its conversion, and an invoice never becomes a proforma. */
  PROFORMA_TYPE_CHANGE: 422,
  /** Only a proforma not yet converted can be converted. */
  PROFORMA_CONVERTED: 409,
  /** A proforma quotes freely; its conversion needs the stock of every line (details name the short ones). */
  PROFORMA_STOCK_SHORT: 409,
  // Cash desk (payments, deliveries).
  /** A payment other than cash paying more than the remainder: only cash gives change. */
  PAYMENT_EXCEEDS_REMAINDER: 422,
  /** The amount handed over is below the amount paid. */
  PAYMENT_HANDED_TOO_LOW: 422,
  PAYMENT_VOIDED: 409,
  DELIVERY_CANCELLED: 409,
  /** A delivery, or a payment with delivery ticked, without a driver. */
  DRIVER_REQUIRED: 422,
  /** Mobile money and card payments carry the operator's transaction reference. */
  PAYMENT_REFERENCE_REQUIRED: 422,
  // The till's sale (POST /api/ventes; DECISIONS §13).
  /** A payment of a sale that would apply nothing: the total is already covered. */
  PAYMENT_NOTHING_DUE: 422,
  /** A sale on account (Crédit) names its client. */
  SALE_CLIENT_REQUIRED: 422,
  /** A cash sale paid at the till is paid in full; a remainder needs a sale on account. */
  SALE_NOT_PAID_IN_FULL: 422,
  /** The device's time of a sale is more than 5 minutes ahead of the server's clock, or older than 7 days. */
  SALE_TIME_OUT_OF_WINDOW: 422,
  /** A quote (proforma) is made in the invoice dialog, not rung up at the till. */
  SALE_PROFORMA: 422,
  /** An offline ticket's provisional reference already names another sale of the shop. */
  SALE_TICKET_REF_TAKEN: 409,
  /** An offline sale whose depot was short keeps its lines until a count or a reception resolves the discrepancy. */
  INVOICE_HAS_DISCREPANCY: 409,
  /** A depot that still holds stock is not deleted: its units are transferred or counted out first. */
  DEPOT_NOT_EMPTY: 409,
  /** A depot through which stock has moved stays in its shop (its stock, movements and invoices are that shop's). */
  DEPOT_HAS_STOCK_HISTORY: 409,
  /** Built-in invoice types (1, 2, 3) and a shop's default register cannot be deleted. */
  BUILT_IN: 409,
  /** Comptant, Crédit and Proforma (DECISIONS §6): neither renamed nor deleted. */
  BUILT_IN_TYPE: 409,
  /** A plan change that would allow fewer shops, depots or users than the account has. */
  PLAN_BELOW_USAGE: 409,
  /** A register's closed day cannot change. */
  DAY_CLOSED: 409,
  /** A register's day that has not begun yet in the shop's time zone cannot be closed. */
  DAY_NOT_STARTED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_FILE: 415,
  /** An upload whose content claims an accepted image type but does not decode as one. */
  IMAGE_UNREADABLE: 422,
  UNPROCESSABLE: 422,
  /** A body names a driver, supplier, depot or article that is not (or no longer) one of the shop's. */
  DRIVER_NOT_IN_SHOP: 422,
  SUPPLIER_NOT_IN_SHOP: 422,
  DEPOT_NOT_IN_SHOP: 422,
  ARTICLE_NOT_IN_SHOP: 422,
  /** A payment's correction that names no amount handed over and pays more than is due. */
  PAYMENT_CORRECTION_ABOVE_DUE: 422,
  /** An article's VAT rate that is not one of the shop's rates (its legal identity). */
  VAT_RATE_NOT_IN_SHOP: 422,
  /** The shop's new VAT rates leave out a rate some of its articles carry. */
  VAT_RATE_IN_USE: 409,
  /** A reception's edit names another shop than the reception's. */
  SHOP_MISMATCH: 422,
  /** A number the database cannot hold (a stock level past its integer column, say): nothing was written. */
  NUMBER_TOO_LARGE: 422,
  RATE_LIMITED: 429,
  /** Too many writes by one user in a minute (WRITE_RATE_LIMIT): a runaway client, not a person. */
  WRITE_RATE_LIMITED: 429,
  /** The database gave up a transaction that collided with another (deadlock, serialization): nothing was written; retry. */
  BUSY_RETRY: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error body of the API. `message` is translated for the caller's language. */
export type ApiErrorBody = {
  code: ErrorCode;
  message: string;
  details?: unknown;
  requestId: string;
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
