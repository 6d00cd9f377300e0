// The list's dialogs open on a click, so their code (and the antd parts only they use, such as
// Descriptions and InputNumber) loads then instead of with the list (bench/first-load.ts).
import { createElement, useEffect, useState, type ComponentType } from 'react';
import type { BulkEditDialog as BulkEditDialogType } from './BulkEditDialog';
import type * as Dialogs from './dialogs';
import type { WithdrawDialog as WithdrawDialogType } from '../../shared/ui/WithdrawDialog';
import type { MobileFilters as MobileFiltersType } from './MobileFilters';
import type { JobProgress as JobProgressType } from './JobProgress';
import type { PrintProgress as PrintProgressType } from '../labels/PrintProgress';

/**
 * A dialog whose code is fetched the first time it opens; it then stays mounted so it closes as
 * before. A failed fetch (no network) leaves the dialog closed and is tried again at the next open.
 */
function whenOpened<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function WhenOpened(props: P) {
    const [Dialog, setDialog] = useState<ComponentType<P> | null>(() => loaded);
    const open = isOpen(props);
    useEffect(() => {
      if (!open || Dialog) return;
      let live = true;
      load().then(
        (component) => {
          loaded = component;
          if (live) setDialog(() => component);
        },
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [open, Dialog]);
    return Dialog ? createElement(Dialog, props) : null;
  };
}

const dialogs = () => import('./dialogs');
const hasItem = (props: { item: unknown }) => props.item !== null;

export type { AcceptValues } from './dialogs';
export const AcceptDialog = whenOpened<Parameters<typeof Dialogs.AcceptDialog>[0]>(async () => (await dialogs()).AcceptDialog, (p) => p.open);
export const WithdrawDialog = whenOpened<Parameters<typeof WithdrawDialogType>[0]>(async () => (await import('../../shared/ui/WithdrawDialog')).WithdrawDialog, (p) => p.open);
export const TrackingDialog = whenOpened<Parameters<typeof Dialogs.TrackingDialog>[0]>(async () => (await dialogs()).TrackingDialog, hasItem);
export const StoreRequestDialog = whenOpened<Parameters<typeof Dialogs.StoreRequestDialog>[0]>(async () => (await dialogs()).StoreRequestDialog, hasItem);
export const RequestPriceDialog = whenOpened<Parameters<typeof Dialogs.RequestPriceDialog>[0]>(async () => (await dialogs()).RequestPriceDialog, hasItem);
export const AskPriceDialog = whenOpened<Parameters<typeof Dialogs.AskPriceDialog>[0]>(async () => (await dialogs()).AskPriceDialog, hasItem);
export const BulkEditDialog = whenOpened<Parameters<typeof BulkEditDialogType>[0]>(async () => (await import('./BulkEditDialog')).BulkEditDialog, (p) => p.open);
// The phone filters (Filters button and sheet: Badge, Modal, Form) and a running job's progress bar
// load when first rendered.
export const MobileFilters = whenOpened<Parameters<typeof MobileFiltersType>[0]>(async () => (await import('./MobileFilters')).MobileFilters, () => true);
export const JobProgress = whenOpened<Parameters<typeof JobProgressType>[0]>(async () => (await import('./JobProgress')).JobProgress, () => true);
// A label PDF's progress (antd's Progress with it) loads when a print starts.
export const PrintProgress = whenOpened<Parameters<typeof PrintProgressType>[0]>(async () => (await import('../labels/PrintProgress')).PrintProgress, (p) => p.state !== null);
