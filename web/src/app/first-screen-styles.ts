// Mantine's CSS for the first screen only (issue 20, Speed: the sign-in form in <= 3 s on 3G).
// The whole `@mantine/core/styles.css` is about 30 KB brotli; the shell, the landing page and
// the sign-in form use a handful of components. Every other screen loads the whole stylesheet
// with its chunk (`lazyNamed` in lib/lazy-named.ts, the module lib/full-styles.ts) before it
// renders. The `.layer.css` files put Mantine in `@layer mantine`: the whole sheet loaded later
// repeats these rules in the same layer, so the cascade ends as with the whole sheet alone, and
// our own CSS (unlayered) still comes after Mantine whatever the order the files arrive in.
// The list is the components whose classes the entry, the landing and the sign-in chunks use
// (found by the `m_xxxxxxxx` class names in the built files); add one when a first screen
// starts using a new component. In the order of the whole sheet (it decides ties in the layer).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Affix.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/notifications/styles.layer.css';
