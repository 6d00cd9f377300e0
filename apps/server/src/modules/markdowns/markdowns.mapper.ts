import type { ZMarkdownSchedule } from '@backroom/domain';
import type { z } from 'zod';
import type { MarkdownScheduleRow } from './markdowns.repository.ts';

export function toMarkdownSchedule(row: MarkdownScheduleRow, usedBy: string[]): z.input<typeof ZMarkdownSchedule> {
  return {
    id: row.id,
    name: row.name,
    steps: row.steps,
    categories: row.categories,
    templateIds: row.templateIds,
    usedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
