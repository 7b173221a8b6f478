import { useCallback, useState, type ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

type Stage = 'button' | 'mounting' | 'menu';

/**
 * A "…" options menu that becomes a Mantine Menu on its first click. A Menu runs its popover's
 * floating-position hooks from its first render, opened or not; a list of sixty cards, each with
 * its menu, paid for sixty of them before anyone opened one. The first click mounts the menu
 * closed; once its (new) button is in the page it takes the focus and the menu opens, so Mantine
 * notes the focus there and gives it back on Escape, as for any menu.
 */
export function LazyMenu({ label, children }: { label: string; children: ReactNode }) {
  const [stage, setStage] = useState<Stage>('button');
  const [isOpen, setIsOpen] = useState(false);
  const attach = useCallback(
    (node: HTMLButtonElement | null) => {
      if (!node || stage !== 'mounting') return;
      node.focus();
      setStage('menu');
      setIsOpen(true);
    },
    [stage],
  );
  const button = (
    <ActionIcon
      ref={attach}
      variant="subtle"
      aria-label={label}
      aria-haspopup="menu"
      onClick={stage === 'button' ? () => setStage('mounting') : undefined}
    >
      <IconDots size={16} aria-hidden />
    </ActionIcon>
  );
  if (stage === 'button') return button;
  return (
    <Menu position="bottom-end" withinPortal opened={isOpen} onChange={setIsOpen}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
