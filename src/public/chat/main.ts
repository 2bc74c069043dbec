import { startChatWidget } from './widget.ts';
import './chat.css';

/** The API's base from the settings block the server puts into the page (as the masking page reads it). */
function apiBaseUrl(): string {
  try {
    const value: unknown = (JSON.parse(document.getElementById('astera-settings')?.textContent ?? '{}') as { apiBaseUrl?: unknown }).apiBaseUrl;
    return typeof value === 'string' && value !== '' ? value : '/api';
  } catch {
    return '/api';
  }
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked for framed pages: no resume after a reload, the chat still works.
    return null;
  }
}

const root = document.getElementById('chat');
if (root) startChatWidget(root, { fetch: (input, init) => fetch(input, init), apiBaseUrl: apiBaseUrl(), location: window.location, storage: localStorageOrNull() });
