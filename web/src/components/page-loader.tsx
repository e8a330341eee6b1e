import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih={200} p="xl" data-testid="page-loader">
      <Loader color="brand" type="dots" />
    </Center>
  );
}
