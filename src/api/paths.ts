/** The path of each resource the answers link to, in one place (segments escaped as the routes read them). */
import { segment } from '../http/links.js';

export const fieldPath = (id: string): string => `/v2/fields/${segment(id)}`;
export const plantingPath = (fieldId: string, id: number): string => `/v2/agronomics/fields/${segment(fieldId)}/plantings/${id}`;
export const cropPath = (id: string): string => `/v2/agronomics/crops/${segment(id)}`;
export const modelPath = (id: string): string => `/v2/agronomics/models/${segment(id)}`;
export const modelV1Path = (id: string): string => `/v1/models/${segment(id)}`;
export const jobPath = (id: number): string => `/v2/jobs/${id}`;
