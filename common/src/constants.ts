/** Business constants of seed 000 §9 and DECISIONS. */
export const INACTIVITY_LOGOUT_MS = 60 * 60 * 1000;
export const SESSION_IDLE_MS = INACTIVITY_LOGOUT_MS;
export const FORM_RESET_DELAY_MS = 300;
export const MOBILE_BREAKPOINT_PX = 769;
export const SNACKBAR_SUCCESS_MS = 3000;
export const SNACKBAR_ERROR_MS = 6000;
export const PAGE_BUTTONS = 5;
export const PAGE_SIZE = 10;
export const SHOP_PHONE_DIGITS = 8;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
