import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { oauthProviderSchema } from '../../../shared/schemas/calendar-sync.ts';
import { defineJob } from '../../jobs/queue.ts';
import { unseal } from '../../security/sealed-box.ts';
import { revokeToken } from './oauth.ts';

/**
 * Revokes an OAuth grant after a disconnect or an account deletion: the token travels sealed in the
 * payload (the integration row is gone by the time this runs). Network failures and 5xx retry; a
 * provider that says the token is already invalid is done.
 */
export const revokeGrantJob = defineJob({
  kind: 'calendar.revoke',
  payload: z.object({ provider: oauthProviderSchema, sealedToken: z.string() }),
  maxAttempts: 5,
  async run(deps, { provider, sealedToken }, context) {
    try {
      await revokeToken(deps.config, provider, unseal(deps.secretKey, sealedToken));
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError && error.status < 500) {
        context.log.info(
          { event: 'calendar.revoke_refused', provider, reason: error.error },
          'grant already invalid',
        );
        return;
      }
      throw error;
    }
  },
});
