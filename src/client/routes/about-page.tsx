import { AboutContent } from '../features/marketing/about-content.tsx';

export function AboutPage() {
  return <AboutContent />;
}
