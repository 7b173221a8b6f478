import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuideUpload } from '@stockpot/domain';
import { Providers } from '../../../app/providers';
import { seedSession } from '../../../test/render-app';
import { GuidePreviewPanel } from './guide-preview-panel';

const ready: GuideUpload = {
  id: 7,
  status: 'ready',
  progress: 3,
  totalRows: 3,
  message: 'Check what was read, then apply the order guide or cancel.',
  errors: [],
  refusedCount: 0,
  needsReview: true,
  preview: {
    rows: [
      {
        row: 3,
        din: '4092741',
        name: 'CHICKEN, BREAST',
        packSize: '4/5 LB',
        priceCents: 5842,
        unitMeasure: 'CS',
        isMarketPrice: false,
      },
      {
        row: 4,
        din: '8802219',
        name: 'SALMON, ATLANTIC',
        packSize: '1/10 LB',
        priceCents: null,
        unitMeasure: 'CS',
        isMarketPrice: true,
      },
    ],
    counts: { new: 1, changed: 1, unchanged: 0, refused: 0, removed: 4 },
  },
};

function renderPanel(upload: GuideUpload) {
  seedSession();
  const handlers = { onApply: vi.fn(), onCancel: vi.fn(), onDownloadRefused: vi.fn() };
  render(
    <Providers>
      <GuidePreviewPanel upload={upload} isBusy={false} {...handlers} />
    </Providers>,
  );
  return handlers;
}

describe('the order-guide preview (issue 31)', () => {
  it('shows the counts and the first rows, and applies on Apply', async () => {
    const handlers = renderPanel(ready);
    const region = screen.getByRole('region', { name: 'Check the order guide before applying it' });
    expect(within(region).getByRole('listitem', { name: 'Changed: 1' })).toBeInTheDocument();
    expect(within(region).getByRole('listitem', { name: 'No longer listed: 4' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'First rows read' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('34092741CHICKEN, BREAST4/5 LB$58.42CS');
    expect(rows[2]).toHaveTextContent('Market price');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Order Guide' }));
    expect(handlers.onApply).toHaveBeenCalledTimes(1);
  });

  it('offers no Apply for a refused file; lists its rows and downloads them', async () => {
    const handlers = renderPanel({
      ...ready,
      status: 'refused',
      message: '1 row of your order guide could not be read, so nothing was applied.',
      errors: [{ row: 5, message: 'Row 5 (item 1) has a price that is not a number: "twelve".' }],
      refusedCount: 1,
    });
    expect(screen.getByRole('region', { name: 'Order guide refused' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Order Guide' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: /No longer listed/ })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Refused rows' })).toHaveTextContent(
      '5Row 5 (item 1) has a price that is not a number',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download refused rows (csv)' }));
    expect(handlers.onDownloadRefused).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(handlers.onCancel).toHaveBeenCalledTimes(1);
  });
});
