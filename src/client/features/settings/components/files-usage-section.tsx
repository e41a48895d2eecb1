import { useQuery } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { formatBytes } from '../../../../shared/domain/attachments.ts';
import { messages } from '../../../../shared/messages.ts';
import { attachmentUsageSchema } from '../../../../shared/schemas/attachment.ts';
import { SettingsSection } from '../../../components/layout/settings-section.tsx';
import { apiRequest } from '../../../lib/api-client.ts';

const m = messages.attachments;

/** Settings → Backup: how much of the account's room its files take, as a bar and in words. */
export function FilesUsageSection() {
  const usage = useQuery({
    queryKey: ['attachments', 'usage'],
    queryFn: () => apiRequest('/api/attachments/usage', attachmentUsageSchema),
  });
  const data = usage.data;
  const text = data ? m.usage(formatBytes(data.usedBytes), formatBytes(data.limitBytes)) : m.usageLoading;
  return (
    <SettingsSection title={m.usageTitle} icon={Paperclip} description={m.usageDescription}>
      {data ? (
        <progress
          className="h-2 w-full"
          aria-label={`${m.usageTitle}: ${text}`}
          max={data.limitBytes}
          value={Math.min(data.usedBytes, data.limitBytes)}
        />
      ) : null}
      <p className="mt-2 text-sm text-slate-600">{text}</p>
    </SettingsSection>
  );
}
