import { getViewer, type Viewer } from '@stockpot/domain';
import { useSession } from './session-store';
import { useIsDesktop } from './use-is-desktop';

export function useViewer(): Viewer {
  const authKey = useSession((s) => s.authKey);
  const currentRole = useSession((s) => s.currentRole);
  const activeLocation = useSession((s) => s.activeLocation);
  const isDesktop = useIsDesktop();
  return getViewer({ authKey, currentRole, activeLocation }, isDesktop);
}
