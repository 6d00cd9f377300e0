import { describe, expect, it } from 'vitest';
import { nextSetupStep, SETUP_STEPS, STARTER_TEMPLATES } from './first-hour.ts';
import { ZProductTemplateInput } from './schemas/index.ts';

describe('starter templates', () => {
  it('are valid template inputs, as POST /api/productTemplates takes them', () => {
    for (const { key: _key, ...template } of STARTER_TEMPLATES) {
      const parsed = ZProductTemplateInput.safeParse(template);
      expect(parsed.success, template.title).toBe(true);
    }
    expect(STARTER_TEMPLATES.map((t) => t.title)).toEqual(['Sneakers', 'Clothing']);
  });
});

describe('nextSetupStep', () => {
  const setup = (done: string[]) => ({ steps: SETUP_STEPS.map((key) => ({ key, done: done.includes(key) })) });

  it('is the first step not done, in the guide order', () => {
    expect(nextSetupStep(setup([]))).toBe('locations');
    expect(nextSetupStep(setup(['locations', 'fees']))).toBe('template');
    expect(nextSetupStep(setup([...SETUP_STEPS]))).toBeNull();
  });
});
