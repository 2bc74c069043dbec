import { expect, test, type Page } from './fixtures.ts';
import { storageState } from './support.ts';

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/**
 * Issue 24: Delete looks the same on every record's page (one danger button), and the deletes
 * that ask first ask in the same dialog (question, what it means, Cancel, then the danger button).
 */

type Look = { color: string; rgb: number[]; background: string; border: string; font: string; radius: string };

const lookOf = (page: Page, name: string) =>
  page
    .getByRole('button', { name, exact: true })
    .first()
    .evaluate((element): Look => {
      const style = getComputedStyle(element);
      // The text colour as sRGB (computed colours are lab() here).
      const context = document.createElement('canvas').getContext('2d')!;
      context.fillStyle = style.color;
      context.fillRect(0, 0, 1, 1);
      const rgb = [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      return { color: style.color, rgb, background: style.backgroundColor, border: `${style.borderTopWidth} ${style.borderTopColor}`, font: `${style.fontSize} ${style.fontWeight}`, radius: style.borderRadius };
    });

/** Opens the first record of a list by its name link. */
async function openFirst(page: Page, list: string, table: string) {
  await page.goto(list);
  await page.getByRole('table', { name: table }).locator('tbody tr').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Record pages with Delete: the soft deletes (with Undo) and the ones that ask first (API key, role). */
const pages = [
  ['/practice/contact-points', 'Contact Points'],
  ['/practice/locations', 'Locations'],
  ['/practice/issues', 'Issues'],
  ['/practice/insurances', 'Insurances'],
  ['/practice/schedules', 'Schedules'],
  ['/system/apikeys', 'API Keys'],
  ['/system/roles', 'Roles'],
] as const;

test.describe('Delete on record pages', () => {
  test.use({ storageState: storageState('admin') });

  test('one look, in red', async ({ page }) => {
    test.setTimeout(120_000);
    let first: Look | undefined;
    for (const [list, table] of pages) {
      await test.step(table, async () => {
        await openFirst(page, list, table);
        const look = await lookOf(page, 'Delete');
        // Red text (the danger colour): not a plain secondary button.
        const [r, g, b] = look.rgb;
        expect.soft(r! > 150 && g! < 80 && b! < 80, `${table}: red text (${look.color})`).toBe(true);
        first ??= look;
        expect.soft(look, `${table} looks like ${pages[0][1]}`).toEqual(first);
      });
    }
  });
});

test.describe('a delete that asks first', () => {
  test.use({ storageState: storageState('admin') });

  test('API key and role ask in the same dialog', async ({ page }) => {
    const shapes: { buttons: string[]; confirm: Look; description: boolean }[] = [];
    for (const [list, table, confirm] of [
      ['/system/apikeys', 'API Keys', 'Delete API key'],
      ['/system/roles', 'Roles', 'Delete role'],
    ] as const) {
      await openFirst(page, list, table);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`^${confirm}`) });
      await expect(dialog).toBeVisible();
      const buttons = (await dialog.getByRole('button').allTextContents()).map((text) => text.trim());
      shapes.push({ buttons: buttons.map((text) => (text === confirm ? 'confirm' : text)), confirm: await lookOf(page, confirm), description: (await dialog.getAttribute('aria-describedby')) !== null });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
    }
    expect(shapes[0]).toEqual({ buttons: ['Cancel', 'confirm'], confirm: expect.anything(), description: true });
    expect(shapes[1]).toEqual(shapes[0]);
  });
});
