import type { APIRoute } from 'astro';
import { notFound } from '../../lib/http.ts';

export const ALL: APIRoute = () => notFound('No such API endpoint');
