import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, openApiDocument } from './openapi.ts';

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = structuredClone(openApiDocument());
    const result = await validate(document as never);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 1));
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every route with its methods', () => {
    const paths = openApiDocument().paths ?? {};
    for (const route of API_ROUTES) {
      const item = paths[route.path.replace('/api/v1', '')] as Record<string, unknown> | undefined;
      expect(item, route.path).toBeDefined();
      for (const method of route.methods) expect(item![method.toLowerCase()], `${method} ${route.path}`).toBeDefined();
    }
  });

  it('renders the log form payload with templateId optional', () => {
    const schemas = openApiDocument().components?.schemas ?? {};
    const create = schemas.ReviewRequestCreate as { required?: string[]; properties?: Record<string, unknown> };
    expect(create.properties).toHaveProperty('teamId');
    expect(create.properties).toHaveProperty('templateId');
    expect(create.required).toContain('teamId');
    expect(create.required).not.toContain('templateId');
  });
});
