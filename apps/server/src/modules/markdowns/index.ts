// What other modules may use of the markdowns module (docs/architecture.md, "Modules").
export { schedulesByIds } from './markdowns.service.ts';
