/** Run-time settings the server injects into index.html (see server/main.ts). */
export type Settings = {
  authDomain: string;
  authClientId: string;
  authAudience: string;
  apiBaseUrl: string;
  reportingUrl: string;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface Window {
    __ASTERA__?: Settings;
  }
}

export const settings: Settings = window.__ASTERA__ ?? {
  authDomain: 'http://localhost:3001',
  authClientId: 'astera-portal',
  authAudience: 'https://api.astera.test',
  apiBaseUrl: '/api',
  reportingUrl: '/insights',
};
