import { Suspense } from 'react';
import { Box, Container, Group, Paper, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { LanguageSwitch } from './language-switch.tsx';

/** The frame of the screens before login: a brand bar and one centred card. */
export function GuestLayout() {
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" px="md" py="sm">
        <Group justify="space-between" maw={960} mx="auto">
          <Text fw={700} size="lg" c="teal.9">
            Haven
          </Text>
          <LanguageSwitch />
        </Group>
      </Box>
      <Container component="main" size={440} px="sm" py="xl">
        <Paper withBorder shadow="xs" p={{ base: 'md', xs: 'xl' }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Paper>
      </Container>
    </Box>
  );
}
