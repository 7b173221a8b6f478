import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

// The guard redirects every unknown path, so this only shows if a rule and the route table disagree.
export function NotFoundPage() {
  return (
    <Center mih="60vh" component="main">
      <Stack align="center" gap="xs">
        <Title order={1} fz={24}>
          Page not found
        </Title>
        <Text c="dimmed">This address does not lead anywhere in Stockpot.</Text>
        <Anchor component={Link} to="/">
          Go to the start page
        </Anchor>
      </Stack>
    </Center>
  );
}
