import { Center, Loader } from '@mantine/core';

/** Shown while a page's code loads. */
export function PageLoader() {
  return (
    <Center mih="40vh" role="status" aria-label="Loading page">
      <Loader />
    </Center>
  );
}
