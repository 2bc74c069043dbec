import { startMaskPage } from './mask-page.ts';
import './mask.css';

/**
 * The API's base from the settings block the server puts into the page. Read here rather than
 * through src/lib/settings.ts: a module shared by the portal and two public pages became a chunk of
 * its own on the portal's first screen.
 */
function apiBaseUrl(): string {
  try {
    const value: unknown = (JSON.parse(document.getElementById('astera-settings')?.textContent ?? '{}') as { apiBaseUrl?: unknown }).apiBaseUrl;
    return typeof value === 'string' && value !== '' ? value : '/api';
  } catch {
    return '/api';
  }
}

const root = document.getElementById('mask');
if (root) startMaskPage(root, { fetch: (input, init) => fetch(input, init), apiBaseUrl: apiBaseUrl(), location: window.location });
