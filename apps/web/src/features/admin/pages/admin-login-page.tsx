import { useState } from 'react';
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLogin2, IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { getLoginAsFormState, getSignInLandingPath, LOGOUT_PATH, roleLabels } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-store';
import { AuthFrame } from '../../../ui/auth-frame';
import { useLocationUsers } from '../api/get-location-users';
import { useAdminLocations } from '../api/get-locations';
import { useMerchantLogin } from '../api/use-merchant-login';

/**
 * /admin-login (doc 3 §2.12, §4 "Session", §8 "Merchant login failure"): pick a location, then one
 * of its users, and act as them. The user picker waits for a location; Login As waits for both.
 */
export function AdminLoginPage() {
  usePageTitle('Login As');
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [locationSearch, setLocationSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(locationSearch, 250);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const locations = useAdminLocations(debouncedSearch.trim());
  const users = useLocationUsers(locationId);
  const merchantLogin = useMerchantLogin();
  const { isUserPickerEnabled, canSubmit } = getLoginAsFormState({ locationId, userId });

  const locationOptions = (locations.data?.data ?? []).map((l) => ({ value: String(l.id), label: l.nickname }));
  const userOptions = (users.data ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.firstName} ${u.lastName}${u.title ? ` (${u.title})` : ''} · ${u.email}`,
  }));

  const submit = () => {
    if (locationId === null || userId === null) return;
    merchantLogin.mutate(
      { user_id: userId, merchant_id: locationId },
      {
        onSuccess: (user) => {
          signIn(user);
          navigate(getSignInLandingPath(user), { replace: true });
        },
        // doc 3 §4 "Session": on failure the administrator is sent to /logout.
        onError: () => navigate(LOGOUT_PATH, { replace: true }),
      },
    );
  };

  return (
    <AuthFrame width={520}>
      <Stack gap="md">
        <Text fz="xs" fw={700} tt="uppercase" c="stockpot.7" style={{ letterSpacing: '0.06em' }}>
          {roleLabels.admin}
        </Text>
        <Title order={1} fz={26}>
          Login As
        </Title>
        <Text c="dimmed" fz="sm">
          Choose a location, then the user to act as.
        </Text>
        <Select
          label="Location"
          placeholder="Search locations"
          searchable
          clearable
          withAsterisk
          data={locationOptions}
          value={locationId === null ? null : String(locationId)}
          searchValue={locationSearch}
          onSearchChange={setLocationSearch}
          filter={({ options }) => options}
          onChange={(value) => {
            setLocationId(value ? Number(value) : null);
            setUserId(null);
          }}
          nothingFoundMessage={
            locations.isFetching ? 'Searching…' : locations.isError ? 'Locations could not be loaded.' : 'No locations found.'
          }
        />
        <Select
          label="User"
          placeholder={isUserPickerEnabled ? 'Search users' : 'Choose a location first'}
          searchable
          clearable
          withAsterisk
          disabled={!isUserPickerEnabled}
          data={userOptions}
          value={userId === null ? null : String(userId)}
          onChange={(value) => setUserId(value ? Number(value) : null)}
          nothingFoundMessage={
            users.isLoading ? 'Loading users…' : users.isError ? 'Users could not be loaded.' : 'No users found.'
          }
        />
        <Group justify="space-between" mt="xs">
          <Button variant="default" leftSection={<IconLogout size={18} aria-hidden />} onClick={() => navigate(LOGOUT_PATH)}>
            Logout
          </Button>
          <Button
            leftSection={<IconLogin2 size={18} aria-hidden />}
            disabled={!canSubmit}
            loading={merchantLogin.isPending}
            onClick={submit}
          >
            Login As
          </Button>
        </Group>
      </Stack>
    </AuthFrame>
  );
}
