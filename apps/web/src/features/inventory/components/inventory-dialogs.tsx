/** The dialogs the inventory view opens (link items, move a group, add to order, pack size, item history, lists). */
import { lazy, Suspense } from 'react';
import type { GenericGroup, GroupItem, InventoryList } from '@stockpot/domain';
import { AddToOrderModal } from './add-to-order-modal';
import { EditPackSizeModal } from './edit-pack-size-modal';
import { LinkItemsModal } from './link-items-modal';
import { ManageListsModal, MoveGroupModal } from './list-modals';

// The chart library loads with the history, not with the view.
const ItemHistoryModal = lazy(() => import('./item-history-modal').then((m) => ({ default: m.ItemHistoryModal })));

/** The dialog open on the inventory view, if any. */
export type Dialog =
  | { kind: 'link'; group: GenericGroup }
  | { kind: 'move'; group: GenericGroup }
  | { kind: 'order'; item: GroupItem; quantity: number }
  | { kind: 'pack'; groupId: number; item: GroupItem }
  | { kind: 'history'; groupId: number; item: GroupItem; unit: string }
  | { kind: 'lists' }
  | null;

/** The open dialog of the inventory view, for the list on show (`listId`). */
export function InventoryDialogs({
  dialog,
  setDialog,
  listId,
  all,
  chooseList,
}: {
  dialog: Dialog;
  setDialog: (dialog: Dialog) => void;
  listId: number | null;
  all: InventoryList[];
  chooseList: (id: number) => void;
}) {
  return (
    <>
      {dialog?.kind === 'lists' && (
        <ManageListsModal lists={all} onClose={() => setDialog(null)} onCreated={(id) => chooseList(id)} />
      )}
      {dialog?.kind === 'link' && listId !== null && (
        <LinkItemsModal listId={listId} group={dialog.group} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'move' && listId !== null && (
        <MoveGroupModal listId={listId} group={dialog.group} lists={all} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'pack' && listId !== null && (
        <EditPackSizeModal listId={listId} groupId={dialog.groupId} item={dialog.item} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'history' && listId !== null && (
        <Suspense fallback={null}>
          <ItemHistoryModal
            listId={listId}
            groupId={dialog.groupId}
            item={dialog.item}
            unit={dialog.unit}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'order' && (
        <AddToOrderModal item={dialog.item} quantity={dialog.quantity} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
