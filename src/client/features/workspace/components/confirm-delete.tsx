/**
 * Moved to components/ui (issue #8): the blog feature still imports it from here. Switch those imports
 * to `components/ui/confirm-delete.tsx` and delete this file.
 */
export { ConfirmDelete } from '../../../components/ui/confirm-delete.tsx';
