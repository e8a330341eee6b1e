import { MOBILE_BREAKPOINT_PX } from '@app/common/constants';

/** Layout switches to the phone layout below 769 px (seed 000 §9). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
