import type { FastifyRequest } from 'fastify';
import { certificateBanner } from './certificate-banner.ts';
import { contingencyBanner } from './contingency-banner.ts';
import { html, type Html } from './html.ts';

/** What is said above the title of every page of the logged-in tenant: its certificate, its contingency queue. */
export const pageBanners = (request: FastifyRequest): Html =>
  html`${certificateBanner(request.certificateExpiry)}${contingencyBanner(request.contingency)}`;
