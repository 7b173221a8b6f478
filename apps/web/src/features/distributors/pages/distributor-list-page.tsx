import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconEdit, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatPriceUpdateTime, type DistributorDetail } from '@stockpot/domain';
import { usePageTitle } from '../../../lib/page-title';
import { useLocationTimeZone } from '../../../lib/use-location-today';
import { LoadFailed } from '../../../ui/load-failed';
import { useDistributorAccounts } from '../api/use-distributors';
import { AddDistributorButton } from '../components/add-distributor';
import { InvoiceAddressCard } from '../components/invoice-address-card';
import { getDistributorPath, getOrderGuidePath, getUploadGuidePath } from '../paths';

function DistributorCard({ distributor }: { distributor: DistributorDetail }) {
  const reps = (distributor.dsrs ?? []).filter((rep) => rep.is_deleted === 0);
  const guide = distributor.lastOrderGuide ?? null;
  const timeZone = useLocationTimeZone();
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={distributor.nickname}>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
          <Text fw={700} fz="lg">
            {distributor.nickname}
          </Text>
          {reps.length === 0 ? (
            <Text fz="sm" c="dimmed">
              No sales reps
            </Text>
          ) : (
            reps.map((rep) => (
              <Text key={rep.id} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {rep.name} · {rep.email}
                {rep.phone ? ` · ${rep.phone}` : ''}
                {rep.is_primary === 1 ? ' (primary)' : ''}
              </Text>
            ))
          )}
          <Text fz="sm" c="dimmed">
            Last price update: {guide ? formatPriceUpdateTime(guide.create_time, timeZone) : 'none'}
            {guide ? ` · ${guide.item_count} ${guide.item_count === 1 ? 'item' : 'items'}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={getOrderGuidePath(distributor.id, guide?.id)}
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            aria-label={`View order guide of ${distributor.nickname}`}
          >
            View Order Guide
          </Button>
          {/* Issue 31: the upload, one click from the list (it sat at the bottom of Edit). */}
          <Button
            component={Link}
            to={getUploadGuidePath(distributor.id)}
            variant={guide ? 'default' : 'filled'}
            leftSection={<IconUpload size={18} aria-hidden />}
            aria-label={`Upload order guide of ${distributor.nickname}`}
          >
            Upload Order Guide
          </Button>
          <Button
            component={Link}
            to={getDistributorPath(distributor.id)}
            leftSection={<IconEdit size={18} aria-hidden />}
            aria-label={`Edit ${distributor.nickname}`}
          >
            Edit
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** /distributor: the active location's distributors (doc 3 §2.7). */
export function DistributorListPage() {
  usePageTitle('Distributors');
  const distributors = useDistributorAccounts();
  let content;
  if (distributors.isPending)
    content = (
      <Stack aria-label="Loading distributors" aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </Stack>
    );
  else if (distributors.isError)
    content = <LoadFailed title="Your distributors could not be loaded" onRetry={() => void distributors.refetch()} />;
  else if (distributors.data.length === 0) content = <Text>No distributors yet: add the ones you buy from.</Text>;
  else
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Distributors" style={{ listStyle: 'none' }}>
        {distributors.data.map((distributor) => (
          <DistributorCard key={distributor.id} distributor={distributor} />
        ))}
      </Stack>
    );
  return (
    <Stack gap="lg" maw={980} mx="auto" w="100%">
      <Group justify="flex-end">
        <AddDistributorButton />
      </Group>
      {content}
      <InvoiceAddressCard />
    </Stack>
  );
}
