import './lib/zod-jitless';
import './app/first-screen-styles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter, firstRender } from './app/router';
import { initI18n, LANG_STORAGE_KEY } from './lib/i18n';
import { langFromPath, preferredLanguage } from './lib/lang-path';

const language =
  langFromPath(window.location.pathname) ?? preferredLanguage(localStorage.getItem(LANG_STORAGE_KEY), navigator.languages);
const router = createAppRouter();
const first = firstRender(window.location.pathname);

function render(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

// Render even if a catalogue failed to load: screens load their namespaces again on demand.
// The first screen's code and catalogues are loaded first, so that it renders without suspending.
Promise.all([initI18n(language, first.namespaces), first.screens]).then(render, render);
