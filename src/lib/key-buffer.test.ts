// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdKeysForNavigation, releaseNavigationKeys, stopHoldingEarlyKeys } from './key-buffer.ts';

/** Keys typed while a screen loads are held, then played to what has focus: here, a button or a link. */
const typeWhileLoading = (key: string) => document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

let element: HTMLElement;
let clicks: number;
beforeEach(() => {
  stopHoldingEarlyKeys();
  clicks = 0;
});
afterEach(() => element.remove());

function focused<T extends HTMLElement>(made: T): T {
  element = made;
  element.addEventListener('click', (event) => {
    event.preventDefault();
    clicks++;
  });
  document.body.append(element);
  element.focus();
  return made;
}

describe('held keys played to a button or a link', () => {
  it('a held Enter presses the button the new screen focused, as a typed one would', () => {
    holdKeysForNavigation();
    typeWhileLoading('Enter');
    focused(document.createElement('button'));
    expect(clicks).toBe(0);
    releaseNavigationKeys();
    expect(clicks).toBe(1);
  });

  it('a held Space presses a button; a held Enter follows a link', () => {
    holdKeysForNavigation();
    typeWhileLoading(' ');
    focused(document.createElement('button'));
    releaseNavigationKeys();
    expect(clicks).toBe(1);
    element.remove();

    holdKeysForNavigation();
    typeWhileLoading('Enter');
    const link = focused(document.createElement('a'));
    link.href = '#next';
    releaseNavigationKeys();
    expect(clicks).toBe(2);
  });

  it('presses nothing a handler took, nor a disabled button, nor a link with a Space', () => {
    holdKeysForNavigation();
    typeWhileLoading('Enter');
    const taken = focused(document.createElement('button'));
    taken.addEventListener('keydown', (event) => event.preventDefault());
    releaseNavigationKeys();
    expect(clicks).toBe(0);
    element.remove();

    holdKeysForNavigation();
    typeWhileLoading('Enter');
    const disabled = focused(document.createElement('button'));
    disabled.disabled = true;
    disabled.focus();
    releaseNavigationKeys();
    expect(clicks).toBe(0);
    element.remove();

    holdKeysForNavigation();
    typeWhileLoading(' ');
    focused(document.createElement('a')).href = '#next';
    releaseNavigationKeys();
    expect(clicks).toBe(0);
  });
});
