// Mantine styles recipe costing uses beyond the app-wide set (app/mantine-styles.ts).
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Grid.css';
