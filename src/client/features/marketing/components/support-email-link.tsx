import { textLinkStyle } from '../../../../shared/site-chrome.ts';
import { useSiteInfo } from '../../../lib/use-site-info.ts';

/** The support address from the server's configuration (SUPPORT_EMAIL), as a mailto link. */
export function SupportEmailLink({ className = textLinkStyle }: { className?: string }) {
  const { supportEmail } = useSiteInfo();
  return (
    <a href={`mailto:${supportEmail}`} className={className}>
      {supportEmail}
    </a>
  );
}
