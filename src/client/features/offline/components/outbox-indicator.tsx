import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { messages } from '../../../../shared/messages.ts';
import { useToasts } from '../../../lib/toasts.tsx';
import { useOutbox, useOutboxStatus } from '../use-account-outbox.ts';

const m = messages.workspace;

/** A change that is answered within this time never shows the indicator: the common case online. */
const quietMs = 1_000;

/**
 * The top bar's word on the outbox: offline, how many changes wait on this device; online, only when
 * sending takes a moment or fails and retries. Also says why the server refused a change kept from an
 * earlier visit (no screen of this page is waiting to say it).
 */
export function OutboxIndicator() {
  const outbox = useOutbox();
  const { waiting, offline, retrying } = useOutboxStatus();
  const { showError } = useToasts();
  const slow = useLater(waiting > 0 && !offline && !retrying);

  useEffect(() => outbox?.onRefused((error) => showError(error.message)), [outbox, showError]);

  const text = offline
    ? m.outboxOffline(waiting)
    : retrying
      ? m.outboxRetrying(waiting)
      : slow && waiting > 0
        ? m.outboxSending(waiting)
        : '';
  const Icon = offline ? CloudOff : RefreshCw;
  return (
    <p
      role="status"
      className={
        text
          ? 'flex min-w-0 items-center gap-1.5 truncate rounded-md bg-amber-50 px-2 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200'
          : 'sr-only'
      }
    >
      {text && <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />}
      <span className="truncate">{text}</span>
    </p>
  );
}

/** True once `on` has held for `quietMs`; false again as soon as it ends. */
function useLater(on: boolean): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    if (!on) {
      setLater(false);
      return;
    }
    const timer = setTimeout(() => setLater(true), quietMs);
    return () => clearTimeout(timer);
  }, [on]);
  return later;
}
