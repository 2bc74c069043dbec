import { expect, test, type Page } from './fixtures.ts';
import { brokenWords, expectNoAxeViolations, patientPhone, signedInApi, storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * The patients' call-masking page (issue 42, spec §4): opened from the practice's text on a phone,
 * outside the signed-in portal, under its real Content-Security-Policy.
 */
test.use({ storageState: storageState('manager') });

let patients = 0;
const patientNumber = () => `(628) 555-${String(4000 + (Date.now() % 5000) + ++patients).slice(-4)}`;

/** Sets up a session as the practice administrator (through the API); answers its id. */
async function setUp(page: Page, body: Record<string, unknown> = {}) {
  const api = await signedInApi(page);
  const lines = await api.send('GET', '/contactpoints/contact-points?limit=50');
  const items = ((await lines.json()) as { items: { id: string; system: string; serviceProvider: string }[] }).items;
  const line = items.find((cp) => cp.system === 'PHONE' && cp.serviceProvider !== 'Twilio')!;
  const res = await api.send('POST', '/call_masking/sessions', { patientNumber: patientNumber(), practiceContactPointId: line.id, sendText: false, ...body });
  expect(res.status(), await res.text()).toBe(201);
  return { api, id: ((await res.json()) as { id: string }).id };
}

test('a patient starts the call by keyboard: Starting Call..., then "Your call should be received shortly"', async ({ page, browser }) => {
  const { id } = await setUp(page);
  // axe runs on it: the CSP is bypassed, as the config's contexts have it.
  const phone = await patientPhone(browser, { bypassCSP: true });
  try {
    await phone.page.goto(`/mask/${id}`);
    const heading = phone.page.getByRole('heading', { level: 1, name: 'Riverside Family Practice will call you' });
    await expect(heading).toBeFocused();
    await expect(phone.page.getByText(/your phone will ring from \(\d{3}\) \d{3}-\d{4}/)).toBeVisible();
    await expectNoAxeViolations(phone.page);
    const call = phone.page.getByRole('button', { name: 'Call me now' });
    await phone.page.keyboard.press('Tab');
    await expect(call).toBeFocused();
    await phone.page.keyboard.press('Enter');
    const starting = phone.page.getByRole('button', { name: 'Starting Call...' });
    await expect(starting).toBeDisabled();
    await expect(phone.page.getByRole('status')).toHaveText('Your call should be received shortly');
    await expect(phone.page.getByText('This link can start 2 more calls.')).toBeVisible();
    // Its own small bundle: no portal, no sign-in code; nothing the CSP refused.
    expect(phone.scripts.every((script) => /^\/assets\/mask-[\w-]+\.js$/.test(script)), phone.scripts.join(' ')).toBe(true);
    expect(await phone.violations()).toEqual([]);
  } finally {
    await phone.context.close();
  }
});

test('with a carrier that refuses the call, the page says "Call failed, please try again later" and the button comes back', async ({ page, browser }) => {
  // +1 500 555 0001: a number the carrier refuses (Twilio's test number for an invalid destination).
  const { id } = await setUp(page, { patientNumber: '(500) 555-0001' });
  const phone = await patientPhone(browser);
  try {
    await phone.page.goto(`/mask/${id}`);
    await phone.page.getByRole('button', { name: 'Call me now' }).click();
    await expect(phone.page.getByRole('status')).toHaveText('Call failed, please try again later');
    await expect(phone.page.getByRole('button', { name: 'Call me now' })).toBeEnabled();
  } finally {
    await phone.context.close();
  }
});

test('an ended link and an unknown one show the same page, readable at 320 px', async ({ page, browser }) => {
  const { api, id } = await setUp(page);
  expect((await api.send('PATCH', `/call_masking/sessions/${id}`, { ended: true })).status()).toBe(200);
  const phone = await patientPhone(browser, { width: 320, bypassCSP: true });
  try {
    const texts: string[] = [];
    for (const link of [id, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      await phone.page.goto(`/mask/${link}`);
      const heading = phone.page.getByRole('heading', { level: 1, name: 'This link cannot start a call' });
      await expect(heading).toBeFocused();
      await expect(phone.page.getByRole('button')).toHaveCount(0);
      texts.push(await phone.page.locator('main').innerText());
      const { scrollWidth, innerWidth } = await phone.page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      expect(await brokenWords(phone.page.locator('main'))).toEqual([]);
      await expectNoAxeViolations(phone.page);
    }
    expect(texts[0]).toBe(texts[1]);
  } finally {
    await phone.context.close();
  }
});
