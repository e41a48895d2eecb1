import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { buttonClass } from '../../../components/ui/submit-button.tsx';
import { downloadRecoveryCodes } from '../two-step-api.ts';

const t = messages.twoStep;

/** The ten recovery codes, shown once, with Copy and Download (a .txt file). */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      // No clipboard (permissions, an old browser): the codes stay on screen, and Download works.
      setCopied(false);
    }
  }

  return (
    <div className="space-y-3">
      <ul
        aria-label={t.recoveryTitle}
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-slate-100 px-4 py-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass('secondary')} onClick={onCopy}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          {copied ? t.copied : t.copy}
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => downloadRecoveryCodes(codes)}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          {t.download}
        </button>
      </div>
      <span role="status" className="sr-only">
        {copied ? t.copied : ''}
      </span>
    </div>
  );
}
