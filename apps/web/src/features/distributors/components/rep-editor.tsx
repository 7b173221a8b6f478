import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  ACCESS_TYPES,
  getInviteLabel,
  getInviteRefusal,
  isValidEmail,
  REP_SAVE_DEBOUNCE_MS,
  validateAccessDates,
  type SalesRep,
} from '@stockpot/domain';
import { openMessageModal } from '../../../shared/modals/modal-store';
import { ApiError } from '../../../lib/api-error';
import { useUpdateRep, type RepChanges } from '../api/use-distributors';

interface Draft {
  name: string;
  email: string;
  phone: string;
  isPrimary: boolean;
  accessType: SalesRep['access_type'];
  startDate: string;
  endDate: string;
}

const toDraft = (rep: SalesRep): Draft => ({
  name: rep.name,
  email: rep.email,
  phone: rep.phone,
  isPrimary: rep.is_primary === 1,
  accessType: rep.access_type,
  startDate: rep.start_date ?? '',
  endDate: rep.end_date ?? '',
});

/** doc 3 §5: name required, e-mail required and valid, access required; limited needs both dates. */
function validateDraft(draft: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.name.trim() === '') errors.name = 'Name is required.';
  if (draft.email.trim() === '') errors.email = 'E-mail is required.';
  else if (!isValidEmail(draft.email.trim())) errors.email = 'E-mail is not a valid e-mail address.';
  for (const error of validateAccessDates(draft.accessType, draft.startDate || null, draft.endDate || null))
    errors[error.field] = error.message;
  return errors;
}

function toChanges(draft: Draft, rep: SalesRep): RepChanges {
  const changes: RepChanges = {};
  if (draft.name.trim() !== rep.name) changes.name = draft.name.trim();
  if (draft.email.trim() !== rep.email) changes.email = draft.email.trim();
  if (draft.phone.trim() !== rep.phone) changes.phone = draft.phone.trim();
  if (draft.isPrimary !== (rep.is_primary === 1)) changes.is_primary = draft.isPrimary ? 1 : 0;
  if (draft.accessType !== rep.access_type) changes.accessType = draft.accessType;
  if ((draft.startDate || null) !== rep.start_date && draft.accessType === 'limited') changes.startDate = draft.startDate || null;
  if ((draft.endDate || null) !== rep.end_date && draft.accessType === 'limited') changes.endDate = draft.endDate || null;
  return changes;
}

const ACCESS_LABELS: Record<SalesRep['access_type'], string> = { unlimited: 'Unlimited', limited: 'Limited', none: 'None' };

/**
 * One sales rep's card on Edit Distributor (doc 3 §2.7, §4): fields saved automatically 500 ms after
 * the last change when valid, Remove/Reactivate, and the invite button by status.
 */
export function RepEditor({ distributorId, rep, isEditable }: { distributorId: number; rep: SalesRep; isEditable: boolean }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(rep));
  const [saveState, setSaveState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const update = useUpdateRep(distributorId);
  const errors = validateDraft(draft);
  const changes = toChanges(draft, rep);
  const hasChanges = Object.keys(changes).length > 0;
  const label = `${rep.name || 'New sales rep'}`;

  const { mutate } = update;
  useEffect(() => {
    const pending = toChanges(draft, rep);
    if (Object.keys(pending).length === 0 || Object.keys(validateDraft(draft)).length > 0 || !isEditable) return;
    // Restarted by every edit: saves 500 ms after the last one.
    const timer = window.setTimeout(() => {
      setSaveState('saving');
      mutate(
        { repId: rep.id, changes: pending },
        {
          onSuccess: () => setSaveState('saved'),
          onError: (error) => {
            setSaveState('error');
            openMessageModal({ title: 'Error!', message: error instanceof ApiError ? error.message : 'Something went wrong.' });
          },
        },
      );
    }, REP_SAVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, rep, isEditable, mutate]);

  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const inviteRefusal = getInviteRefusal(
    {
      name: draft.name,
      email: draft.email,
      accessType: draft.accessType,
      inviteStatus: rep.invite_status,
      isDeleted: rep.is_deleted === 1,
    },
    isEditable,
  );
  const isInactive = rep.is_deleted === 1;

  const sendInvite = () =>
    update.mutate(
      { repId: rep.id, changes: { ...changes, sendInvite: 1 } },
      {
        onSuccess: () => openMessageModal({ title: 'Confirmation', message: `An invite was sent to ${draft.email.trim()}.` }),
        onError: (error) =>
          openMessageModal({ title: 'Error!', message: error instanceof ApiError ? error.message : 'Something went wrong.' }),
      },
    );

  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={`Sales rep ${label}`} opacity={isInactive ? 0.7 : 1}>
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Name"
            required
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
            disabled={!isEditable || isInactive}
            miw={180}
          />
          <TextInput
            label="E-mail"
            required
            type="email"
            value={draft.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
            error={errors.email}
            disabled={!isEditable || isInactive}
            miw={220}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={draft.phone}
            onChange={(e) => set({ phone: e.currentTarget.value })}
            disabled={!isEditable || isInactive}
            miw={160}
          />
        </Group>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label="Access"
            required
            value={draft.accessType}
            onChange={(e) => set({ accessType: e.currentTarget.value as Draft['accessType'] })}
            data={ACCESS_TYPES.map((value) => ({ value, label: ACCESS_LABELS[value] }))}
            disabled={!isEditable || isInactive}
          />
          {draft.accessType === 'limited' && (
            <>
              <TextInput
                label="Start date"
                type="date"
                required
                value={draft.startDate}
                onChange={(e) => set({ startDate: e.currentTarget.value })}
                error={errors.startDate}
                disabled={!isEditable || isInactive}
              />
              <TextInput
                label="End date"
                type="date"
                required
                value={draft.endDate}
                onChange={(e) => set({ endDate: e.currentTarget.value })}
                error={errors.endDate}
                disabled={!isEditable || isInactive}
              />
            </>
          )}
          <Checkbox
            label="Primary (receives orders)"
            checked={draft.isPrimary}
            onChange={(e) => set({ isPrimary: e.currentTarget.checked })}
            disabled={!isEditable || isInactive}
            mb={8}
          />
        </Group>
        <Group justify="space-between" gap="xs">
          <Text fz="xs" c="dimmed" aria-live="polite">
            {saveState === 'saving'
              ? 'Saving…'
              : saveState === 'saved' && !hasChanges
                ? 'Saved'
                : saveState === 'error'
                  ? 'Not saved'
                  : ''}
          </Text>
          <Group gap="xs">
            {isEditable || rep.invite_status ? (
              <Button
                variant={rep.invite_status ? 'default' : 'filled'}
                size="xs"
                onClick={sendInvite}
                disabled={rep.invite_status === 'accepted' || inviteRefusal !== null || update.isPending}
                aria-label={`${getInviteLabel(rep.invite_status)} to ${label}`}
              >
                {getInviteLabel(rep.invite_status)}
              </Button>
            ) : (
              <Tooltip label="This distributor's sales reps cannot be edited or invited.">
                <Button
                  size="xs"
                  disabled
                  leftSection={<IconAlertTriangle size={16} aria-hidden />}
                  aria-label={`Send Invite to ${label} (not available for this distributor)`}
                >
                  Send Invite
                </Button>
              </Tooltip>
            )}
            <Button
              size="xs"
              variant="default"
              color={isInactive ? undefined : 'red'}
              onClick={() => update.mutate({ repId: rep.id, changes: { is_deleted: isInactive ? 0 : 1 } })}
              disabled={update.isPending}
              aria-label={`${isInactive ? 'Reactivate' : 'Remove'} ${label}`}
            >
              {isInactive ? 'Reactivate' : 'Remove'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
