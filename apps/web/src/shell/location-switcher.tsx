import { NativeSelect } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { getFailureText } from '@stockpot/domain';
import { isApiError } from '../lib/api-error';
import { useSession } from '../lib/session-store';
import { useSwitchLocation } from './api/use-switch-location';
import { openMessageModal } from '../shared/modals/modal-store';

/**
 * Shows the active location and switches to another of the user's locations (doc 3 §2.3, §7 PUT users/{id}).
 * A native select: it is keyboard- and phone-friendly as is, and spares the first load Mantine's
 * floating combobox.
 */
export function LocationSwitcher() {
  const activeLocation = useSession((s) => s.activeLocation);
  const locations = useSession((s) => s.locations);
  const userId = useSession((s) => s.userId);
  const switchLocation = useSwitchLocation();

  const options = locations.map((location) => ({ value: String(location.id), label: location.nickname }));
  // The active location may be missing from a stale list; it must still show as the current value.
  if (activeLocation && !options.some((o) => o.value === String(activeLocation.id))) {
    options.unshift({ value: String(activeLocation.id), label: activeLocation.nickname });
  }

  // Without an active location the select shows a neutral prompt instead of silently showing the first option.
  if (!activeLocation) options.unshift({ value: '', label: 'No location chosen' });

  const choose = (value: string) => {
    if (!value || userId === null || value === String(activeLocation?.id)) return;
    switchLocation.mutate(
      { id: userId, active_location_id: Number(value) },
      {
        onError: (error) => {
          // A 401 already has its own modal.
          if (isApiError(error) && error.status === 401) return;
          openMessageModal({
            title: 'Location not changed',
            message: getFailureText(isApiError(error) ? error.status : 0, error.message),
          });
        },
      },
    );
  };

  return (
    <NativeSelect
      label="Location"
      description={activeLocation?.businessName || undefined}
      data={options}
      value={activeLocation ? String(activeLocation.id) : ''}
      onChange={(event) => choose(event.currentTarget.value)}
      disabled={switchLocation.isPending || userId === null || options.length === 0}
      leftSection={<IconBuildingStore size={18} aria-hidden />}
    />
  );
}
