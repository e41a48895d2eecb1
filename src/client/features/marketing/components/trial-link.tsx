import type { ReactNode } from 'react';
import { accountLinks } from '../../../../shared/site-chrome.ts';
import { Link } from '../../../lib/router.tsx';
import { useSignedIn } from '../../auth/index.ts';

/**
 * The public pages' call to action: "Start Free Trial" for a visitor, "Open app" (to the workspace) for
 * someone already signed in, who has no trial to start. `children` follow the words (an arrow icon).
 */
export function TrialLink({
  className,
  onClick,
  children,
}: {
  className: string;
  onClick?: () => void;
  children?: ReactNode;
}) {
  const link = useSignedIn() ? accountLinks.openApp : accountLinks.trial;
  return (
    <Link to={link.to} onClick={onClick} className={className}>
      {link.label}
      {children}
    </Link>
  );
}
