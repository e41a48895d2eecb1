import { PrivacyDocument } from '../features/marketing/legal/privacy-document.tsx';

export function PrivacyPage() {
  return <PrivacyDocument />;
}
