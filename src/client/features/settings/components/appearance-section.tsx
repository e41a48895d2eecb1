import { Palette } from 'lucide-react';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { themeOptions } from '../../../components/ui/theme-options.ts';
import { setThemeChoice, useThemeChoice } from '../../../lib/theme.ts';

/** Light, dark or the system's theme, remembered on this device and applied at once. */
export function AppearanceSection() {
  const choice = useThemeChoice();
  return (
    <SettingsSection title="Appearance" icon={Palette}>
      <fieldset>
        <legend className="sr-only">Theme</legend>
        <div className="grid grid-cols-3 gap-2">
          {themeOptions.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className="relative flex cursor-pointer items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 has-checked:bg-blue-50 has-checked:text-blue-700 has-checked:ring-2 has-checked:ring-blue-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600"
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={choice === value}
                onChange={() => setThemeChoice(value)}
                className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0"
              />
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
