import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Sub-pages show a breadcrumb Analytics > page title (doc 3 §2.4). */
export function AnalyticsBreadcrumb({ title, search }: { title: string; search: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator=">">
        <Anchor component={Link} to={`/analytics${search}`}>
          Analytics
        </Anchor>
        <Text component="span" aria-current="page" fw={600}>
          {title}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
