/**
 * Run-time settings the server puts into index.html as a JSON data block (see server/portal.ts):
 * data, not script, so the page's Content-Security-Policy can forbid inline scripts.
 */
export type Settings = {
  authDomain: string;
  authClientId: string;
  authAudience: string;
  apiBaseUrl: string;
  reportingUrl: string;
};

const defaults: Settings = {
  authDomain: 'http://localhost:3001',
  authClientId: 'astera-portal',
  authAudience: 'https://api.astera.test',
  apiBaseUrl: '/api',
  reportingUrl: '/insights',
};

function read(): Settings {
  const block = typeof document === 'undefined' ? null : document.getElementById('astera-settings');
  if (!block?.textContent) return defaults;
  try {
    return { ...defaults, ...(JSON.parse(block.textContent) as Partial<Settings>) };
  } catch {
    return defaults;
  }
}

export const settings: Settings = read();
