import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeStorageKey } from '../../../lib/theme.ts';
import { AppearanceSection } from './appearance-section.tsx';

const systemPrefers = (dark: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.style.colorScheme = '';
});

describe('Settings → Appearance', () => {
  it('starts on System and applies and remembers Dark, Light and System', async () => {
    systemPrefers(true);
    const user = userEvent.setup();
    render(<AppearanceSection />);
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(group).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(localStorage.getItem(themeStorageKey)).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('light');

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(localStorage.getItem(themeStorageKey)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');

    // System: nothing stored, and the (dark) system decides.
    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem(themeStorageKey)).toBeNull();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('shows the choice stored earlier, and a light system leaves System light', async () => {
    systemPrefers(false);
    localStorage.setItem(themeStorageKey, 'dark');
    const user = userEvent.setup();
    render(<AppearanceSection />);
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
