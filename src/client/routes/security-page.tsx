import { SecurityDocument } from '../features/marketing/legal/security-document.tsx';

export function SecurityPage() {
  return <SecurityDocument />;
}
