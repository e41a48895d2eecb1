import { type ContactFormValues, contactResponseSchema } from '../../../shared/schemas/contact.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** POST /api/contact; resolves on 201, throws ApiError (with per-field messages on 400) otherwise. */
export function sendContactMessage(values: ContactFormValues) {
  return apiRequest('/api/contact', contactResponseSchema, { method: 'POST', body: values });
}
