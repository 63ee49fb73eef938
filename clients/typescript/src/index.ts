export { createAgwxClient, type AgwxClient, type AgwxClientOptions, type ListItem, type ListPath, type ResponseData, type RetryOptions } from './client.js';
export { AgwxError, isAgwxError, parseRetryAfter, type AgwxErrorBody } from './errors.js';
export type { components, operations, paths } from './schema.js';
