import type { Active, Announcements, Over } from '@dnd-kit/core';
import { type AnnouncedData, type DragModel, dragAnnouncements, readTreeData } from './drag-announcements.ts';

/** Test helpers for the feature trees' drag models (features/notes, features/todos). */
export const at = '2026-01-01T00:00:00.000Z';
export const times = { createdAt: at, updatedAt: at };

/** A dnd-kit entry as the sidebar rows make them (only `id` and `data` are read). */
export const entry = (data: AnnouncedData) =>
  ({ id: `${data.kind}:${data.id}`, data: { current: data } }) as unknown as Active & Over;

export const sentences = (model: DragModel): Required<Announcements> =>
  dragAnnouncements(() => model, readTreeData) as Required<Announcements>;
