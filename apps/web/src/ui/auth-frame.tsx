import type { ReactNode } from 'react';
import { Anchor, Box, Center, Paper, Stack, Text } from '@mantine/core';
import { BrandLogo } from './brand-logo';
import classes from './auth-frame.module.css';

export const CONTACT_US_HREF = 'mailto:support@stockpot.example';

/**
 * The branded frame of the signed-out pages (sign-in, sign-up, password reset) and the administrator
 * page. A page whose own links already hold Contact Us (the reset page's 'SIGN UP · Contact Us')
 * leaves out the frame's, so the link is there once.
 */
export function AuthFrame({
  children,
  width = 420,
  hasContactUs = true,
}: {
  children: ReactNode;
  width?: number;
  hasContactUs?: boolean;
}) {
  return (
    <Box component="main" className={classes.backdrop}>
      <Center mih="100dvh" px="md" py="xl">
        <Stack w="100%" maw={width} gap="lg">
          <Center>
            <BrandLogo size={44} />
          </Center>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
          {hasContactUs && (
            <Text ta="center" fz="sm" c="dimmed">
              Questions?{' '}
              <Anchor href={CONTACT_US_HREF} inherit>
                Contact Us
              </Anchor>
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
