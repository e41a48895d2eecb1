/** The public surface of marketing for the other features: the public pages' frame the blog reuses. */
export { PublicLayout } from './components/public-layout.tsx';
