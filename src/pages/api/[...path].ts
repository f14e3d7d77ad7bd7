import type { APIRoute } from 'astro';
import { notFound } from '#web/http.ts';

export const ALL: APIRoute = () => notFound('No such API endpoint');
