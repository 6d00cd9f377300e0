// What other modules may use of the notifications module (docs/architecture.md, "Modules").
export { consignerNotifier, noticeItemOf, storeRecipients, type NoticeItem, type Notifier } from './notifications.service.ts';
