import { Card, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';
import { SpecialRequestForm } from '../components/special-request-form';

/** /special-request: the screen titled 'Add Special Request' (doc 1 §2). */
export function SpecialRequestPage() {
  usePageTitle('Add Special Request');
  return (
    <Stack gap="lg" maw={560} mx="auto" w="100%">
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="lg">
              Ask for an item that is not in the catalogue
            </Title>
            <Text fz="sm" c="dimmed">
              The distributor prices it when filling your order, so delivery is not guaranteed.
            </Text>
          </Stack>
          <SpecialRequestForm />
        </Stack>
      </Card>
    </Stack>
  );
}
