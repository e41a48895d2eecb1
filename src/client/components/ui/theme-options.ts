import { Monitor, Moon, Sun } from 'lucide-react';
import type { ThemeChoice } from '../../lib/theme.ts';

/** The theme choices, in the order Settings → Account → Appearance and the top bar's menu offer them. */
export const themeOptions: Array<{ value: ThemeChoice; label: string; icon: typeof Sun }> = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];
