import { usePublisherPermissions } from '../../../api/queries/publisher-permissions';
import { useHasToken } from '../../../api/use-has-token';

/** Whether the visitor may manage the publisher (false while signed out or unknown). */
export function useCanManage(publisherId: string): boolean {
  const signedIn = useHasToken();
  const permission = usePublisherPermissions(publisherId, signedIn);
  return signedIn && permission.data?.canEdit === true;
}
