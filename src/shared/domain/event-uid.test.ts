import { describe, expect, it } from 'vitest';
import { taskEventUid, uidCalendarOf } from './event-uid.ts';

const taskId = '0D9C1C5E-8D1B-4A43-9C56-6D0B7F1D2A10';
const calendarId = 'a1b2c3d4-0000-4000-8000-00000000000f';

describe('taskEventUid', () => {
  it('on a calendar is the UID synced events were always written with: jl, task and calendar in hex', () => {
    expect(taskEventUid(taskId, calendarId)).toBe(
      'jl0d9c1c5e8d1b4a439c566d0b7f1d2a10a1b2c3d400004000800000000000000f',
    );
  });

  it('on no calendar is the UID downloads always had', () => {
    expect(taskEventUid(taskId, null)).toBe(`${taskId}@jotlist`);
  });
});

describe('uidCalendarOf', () => {
  it('takes a CalDAV calendar, the same one whatever the order, never Google or Outlook', () => {
    const google = { integrationId: '0', provider: 'google' };
    const first = { integrationId: 'b', provider: 'caldav' };
    const second = { integrationId: 'c', provider: 'caldav' };
    expect(uidCalendarOf([google, second, first])).toBe('b');
    expect(uidCalendarOf([first, second])).toBe('b');
    expect(uidCalendarOf([google, { integrationId: '1', provider: 'outlook' }])).toBeNull();
    expect(uidCalendarOf([])).toBeNull();
  });
});
