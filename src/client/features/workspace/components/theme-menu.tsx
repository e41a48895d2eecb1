import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Monitor } from 'lucide-react';
import { menuContentClass, menuItemClass } from '../../../components/ui/menu-styles.ts';
import { themeOptions } from '../../../components/ui/theme-options.ts';
import { setThemeChoice, type ThemeChoice, useThemeChoice } from '../../../lib/theme.ts';

/**
 * The top bar's theme switch: the same choice as Settings → Account (lib/theme.ts), one click away from
 * the workspace. The button shows the current theme's icon and says which it is.
 */
export function ThemeMenu() {
  const choice = useThemeChoice();
  const current = themeOptions.find((option) => option.value === choice) ?? themeOptions[0];
  const Icon = current?.icon ?? Monitor;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Theme: ${current?.label}`}
        className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={`${menuContentClass} min-w-36`}>
          <DropdownMenu.Label className="px-2 py-1 text-xs font-medium text-slate-500">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={choice}
            onValueChange={(value) => setThemeChoice(value as ThemeChoice)}
          >
            {themeOptions.map(({ value, label, icon: OptionIcon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className={menuItemClass}>
                <OptionIcon className="h-3.5 w-3.5" aria-hidden="true" />
                {label}
                <DropdownMenu.ItemIndicator className="ml-auto">
                  <Check className="h-3.5 w-3.5" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
