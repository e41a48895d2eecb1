import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { X } from 'lucide-react';
import { useFocusReturn } from '../../components/ui/focus-return.ts';
import { useBillingMode } from '../billing/index.ts';
import { AccountTab } from './components/account-tab.tsx';
import { BackupTab } from './components/backup-tab.tsx';
import { BillingTab } from './components/billing-tab.tsx';
import { CalendarsTab } from './components/calendars-tab.tsx';

export type SettingsTab = 'backup' | 'billing' | 'account' | 'calendars';

interface SettingsPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  tab?: SettingsTab;
  onTabChange?(tab: SettingsTab): void;
}

const tabs: Array<{ value: SettingsTab; label: string }> = [
  { value: 'backup', label: 'Backup' },
  { value: 'billing', label: 'Billing' },
  { value: 'account', label: 'Account' },
  { value: 'calendars', label: 'Calendars' },
];

function isSettingsTab(value: string): value is SettingsTab {
  return tabs.some((tab) => tab.value === value);
}

/**
 * The settings side panel: a sheet sliding over the right edge (full width on a phone) with the tabs
 * Backup, Billing and Account. Radix Dialog traps focus and closes on Escape; Radix Tabs gives arrow-key
 * navigation between the tabs. It needs a TanStack QueryClientProvider above it.
 */
export function SettingsPanel({ open, onOpenChange, tab, onTabChange }: SettingsPanelProps) {
  // Opened without a Radix Trigger (the top bar's button, the palette, the trial banner): Radix would
  // leave focus on <body> when it closes.
  const returnFocus = useFocusReturn(open);
  // BILLING=off: nothing to pay, so no Billing tab (its API does not exist either).
  const billingOff = useBillingMode() === 'off';
  const shown = billingOff ? tabs.filter((item) => item.value !== 'billing') : tabs;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px] dark:bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-white shadow-2xl focus:outline-none sm:max-w-lg sm:border-l sm:border-slate-200"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">Settings</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-500">
                Backups, billing, calendars and your account.
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              aria-label="Close settings"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Tabs.Root
            defaultValue={tab ? undefined : 'backup'}
            value={tab}
            onValueChange={(value) => {
              if (isSettingsTab(value)) onTabChange?.(value);
            }}
            className="flex min-h-0 flex-1 flex-col"
          >
            <Tabs.List aria-label="Settings sections" className="flex gap-1 border-b border-slate-200 px-5">
              {shown.map((item) => (
                <Tabs.Trigger
                  key={item.value}
                  value={item.value}
                  className="-mb-px border-b-2 border-transparent px-3 py-3 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 data-[state=active]:border-blue-600 data-[state=active]:text-blue-700"
                >
                  {item.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-6">
              <Tabs.Content value="backup" className="focus-visible:outline-none">
                <BackupTab />
              </Tabs.Content>
              {billingOff ? null : (
                <Tabs.Content value="billing" className="focus-visible:outline-none">
                  <BillingTab />
                </Tabs.Content>
              )}
              <Tabs.Content value="account" className="focus-visible:outline-none">
                <AccountTab />
              </Tabs.Content>
              <Tabs.Content value="calendars" className="focus-visible:outline-none">
                <CalendarsTab />
              </Tabs.Content>
            </div>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
