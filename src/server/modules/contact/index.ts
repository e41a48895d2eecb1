/** The contact module's public surface: POST /api/contact (the contact form, rate-limited per address). */
export { contactRoutes } from './contact.routes.ts';
