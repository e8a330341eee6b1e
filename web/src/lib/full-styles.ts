// The whole of Mantine's CSS, for every screen but the first ones (see first-screen-styles.ts):
// loaded with each lazy screen by `lazyNamed`, precached by the service worker for the till.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
