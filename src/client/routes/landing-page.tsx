import { useEffect } from 'react';
import { useDocumentTitle } from '../components/layout/use-document-title.ts';
import { CtaSection } from '../features/marketing/components/cta-section.tsx';
import { DemoSection } from '../features/marketing/components/demo-section.tsx';
import { FeaturesSection } from '../features/marketing/components/features-section.tsx';
import { HeroSection } from '../features/marketing/components/hero-section.tsx';
import { PricingSection } from '../features/marketing/components/pricing-section.tsx';
import { PublicLayout } from '../features/marketing/components/public-layout.tsx';
import { scrollToSection } from '../features/marketing/scroll-to-section.ts';
import { useLocation } from '../lib/router.tsx';

export function LandingPage() {
  useDocumentTitle(null);
  const { hash } = useLocation();

  // Arriving from another page's "Features" link (/landing#features): the section exists only once
  // this lazy page has rendered, so the browser's own jump to the hash has already missed it.
  useEffect(() => {
    if (hash) scrollToSection(hash.slice(1), { smooth: false });
  }, [hash]);

  return (
    <PublicLayout onLanding>
      <HeroSection />
      <FeaturesSection />
      <DemoSection />
      <PricingSection />
      <CtaSection />
    </PublicLayout>
  );
}
