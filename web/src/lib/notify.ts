import { SNACKBAR_ERROR_MS, SNACKBAR_SUCCESS_MS } from '@app/common/constants';
import { notifications } from '@mantine/notifications';

/** Success snackbar: 3 s (seed 000 §8). */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: SNACKBAR_SUCCESS_MS, withBorder: true });
}

/** Error snackbar: 6 s (seed 000 §8). */
export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: SNACKBAR_ERROR_MS, withBorder: true });
}
