import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { readThemeChoice, setThemeChoice } from '../../../lib/theme.ts';
import { ThemeMenu } from './theme-menu.tsx';

afterEach(() => setThemeChoice('system'));

it('switches the theme from the top bar, marking the current choice', async () => {
  render(<ThemeMenu />);
  await userEvent.click(screen.getByRole('button', { name: 'Theme: System' }));
  expect(await screen.findByRole('menuitemradio', { name: 'System' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await userEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
  expect(readThemeChoice()).toBe('dark');
  expect(document.documentElement).toHaveClass('dark');
  expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
});
