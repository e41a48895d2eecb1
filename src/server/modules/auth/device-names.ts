import Bowser from 'bowser';

/** Browser and OS names from a User-Agent (bowser, MIT), for a person to recognise a device by. */
export function deviceName(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  return {
    browser: parsed.browser.name || 'Unknown browser',
    os: parsed.os.name || 'Unknown system',
  };
}
