import { TermsDocument } from '../features/marketing/legal/terms-document.tsx';

export function TermsPage() {
  return <TermsDocument />;
}
