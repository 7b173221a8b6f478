import { AppShell, Divider, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { getSidebarLinks, type SidebarLink } from '@stockpot/domain';
import { useSession } from '../lib/session-store';
import { LocationSwitcher } from './location-switcher';
import { SidebarIcon } from './sidebar-icons';
import { runSidebarAction } from './sidebar-actions';

function firstSegment(path: string): string {
  return path.split('/')[1] ?? '';
}

// Sorting an inventory belongs to the Inventories area, so its link stays lit there.
const ACTIVE_ALIASES: Record<string, string[]> = { 'inventory-view': ['sort-inventory'] };

function isLinkActive(to: string, pathname: string): boolean {
  const target = firstSegment(to);
  const current = firstSegment(pathname);
  return target === current || (ACTIVE_ALIASES[target]?.includes(current) ?? false);
}

function SidebarEntry({ link, pathname, onNavigate }: { link: SidebarLink; pathname: string; onNavigate: () => void }) {
  const navigate = useNavigate();
  const icon = <SidebarIcon linkKey={link.key} />;
  if (typeof link.to === 'string') {
    const isActive = isLinkActive(link.to, pathname);
    return (
      <NavLink
        component={Link}
        to={link.to}
        label={link.label}
        leftSection={icon}
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        onClick={onNavigate}
        py={7}
      />
    );
  }
  const { action } = link.to;
  return (
    <NavLink
      component="button"
      type="button"
      label={link.label}
      leftSection={icon}
      py={7}
      onClick={() => {
        onNavigate();
        const path = runSidebarAction(action);
        if (path) navigate(path);
      }}
    />
  );
}

function ProfileFooter() {
  const profile = useSession((s) => s.profile);
  if (!profile) return null;
  return (
    <Stack gap={0}>
      <Text fw={600} fz="sm" truncate>
        {profile.firstName} {profile.lastName}
      </Text>
      <Text fz="xs" c="dimmed" truncate>
        {profile.title ? `${profile.title} · ${profile.email}` : profile.email}
      </Text>
    </Stack>
  );
}

/** The sidebar of doc 3 §2.3: the active location with its switcher, then the links the location's flags allow. */
export function Sidebar({ isDesktop, onNavigate }: { isDesktop: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const activeLocation = useSession((s) => s.activeLocation);
  const locationCount = useSession((s) => s.locations.length);
  const links = getSidebarLinks(activeLocation, isDesktop, locationCount);
  return (
    <>
      <AppShell.Section p="md" pb="sm">
        <LocationSwitcher />
      </AppShell.Section>
      <Divider />
      <AppShell.Section grow px="xs" py="sm" style={{ overflowY: 'auto' }}>
        {links.map((link) => (
          <SidebarEntry key={link.key} link={link} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </AppShell.Section>
      <Divider />
      <AppShell.Section p="md">
        <ProfileFooter />
      </AppShell.Section>
    </>
  );
}
