import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { FormNotice } from '../../../components/ui/form-notice.tsx';
import { buttonClass } from '../../../components/ui/submit-button.tsx';
import { fetchTwoStep, twoStepQueryKey } from '../two-step-api.ts';
import { type TwoStepAction, TwoStepDialog } from './two-step-dialog.tsx';

const t = messages.twoStep;

/** Settings → Account → Two-step sign-in: turn on (QR code, a code, recovery codes), regenerate, turn off. */
export function TwoStepSection() {
  const status = useQuery({ queryKey: twoStepQueryKey, queryFn: fetchTwoStep });
  const [action, setAction] = useState<TwoStepAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const enabled = status.data?.enabled ?? false;

  function open(next: TwoStepAction) {
    setNotice(null);
    setAction(next);
  }

  return (
    <SettingsSection
      title={t.title}
      icon={ShieldCheck}
      description={enabled ? t.descriptionOn : t.descriptionOff}
    >
      {status.error ? <FormNotice tone="error">{t.loadFailed}</FormNotice> : null}
      {notice ? <FormNotice tone="success">{notice}</FormNotice> : null}
      {status.data ? (
        <>
          {enabled ? (
            <p className="text-sm text-slate-700">{t.recoveryLeft(status.data.recoveryCodesRemaining)}</p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {enabled ? (
              <>
                <button type="button" className={buttonClass('secondary')} onClick={() => open('regenerate')}>
                  {t.regenerate}
                </button>
                <button type="button" className={buttonClass('danger')} onClick={() => open('off')}>
                  {t.turnOff}
                </button>
              </>
            ) : (
              <button type="button" className={buttonClass('primary')} onClick={() => open('enable')}>
                {t.turnOn}
              </button>
            )}
          </div>
        </>
      ) : null}
      {action ? (
        <TwoStepDialog
          action={action}
          onClose={(done) => {
            setAction(null);
            setNotice(done ?? null);
          }}
        />
      ) : null}
    </SettingsSection>
  );
}
