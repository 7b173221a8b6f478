import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider, Menu } from '@mantine/core';
import { LazyMenu } from './lazy-menu';
import { HoverHint } from './hover-hint';

function renderMenu(onHistory: () => void) {
  return render(
    <MantineProvider>
      <LazyMenu label="Options for Heavy cream">
        <Menu.Item onClick={onHistory}>History</Menu.Item>
        <Menu.Item>Remove from group</Menu.Item>
      </LazyMenu>
    </MantineProvider>,
  );
}

// jsdom has no layout: Mantine's floating dropdown stays display:none there, so its items are found
// with hidden: true; the browser journey (e2e inventory.spec) opens the menu for real.
const item = (name: string) => screen.queryByRole('menuitem', { name, hidden: true });

describe('LazyMenu', () => {
  it('is a plain button until its first click, which opens the menu', async () => {
    const onHistory = vi.fn();
    renderMenu(onHistory);
    const button = screen.getByRole('button', { name: 'Options for Heavy cream' });
    expect(item('History')).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-expanded');
    await userEvent.click(button);
    await waitFor(() => expect(item('History')).toBeInTheDocument());
    const mounted = screen.getByRole('button', { name: 'Options for Heavy cream' });
    expect(mounted).toHaveAttribute('aria-expanded', 'true');
    // The focus is on the menu's own button (or inside the menu), not lost with the first button.
    expect(document.activeElement === mounted || document.activeElement?.closest('[role="menu"]')).toBeTruthy();
    fireEvent.click(item('History')!);
    expect(onHistory).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(mounted).toHaveAttribute('aria-expanded', 'false'));
  });

  it('opens again from the keyboard once mounted, and Escape closes it', async () => {
    renderMenu(() => undefined);
    const button = () => screen.getByRole('button', { name: 'Options for Heavy cream' });
    await userEvent.click(button());
    await waitFor(() => expect(button()).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(button()).toHaveAttribute('aria-expanded', 'false'));
    expect(document.activeElement).toBe(button());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button()).toHaveAttribute('aria-expanded', 'true'));
    expect(item('Remove from group')).toBeInTheDocument();
  });
});

describe('HoverHint', () => {
  it('keeps the element’s own name and hides the bubble from screen readers', () => {
    render(
      <HoverHint label="On the order guide">
        <svg role="img" aria-label="On the order guide" />
      </HoverHint>,
    );
    expect(screen.getAllByRole('img', { name: 'On the order guide' })).toHaveLength(1);
    expect(screen.getByText('On the order guide')).toHaveAttribute('aria-hidden', 'true');
  });
});
