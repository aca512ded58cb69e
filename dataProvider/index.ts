export { dataProvider, withApiResourceNames } from './dataProvider';
export { httpClient } from './httpClient';
export type { HttpOptions, HttpResponse } from './httpClient';
export { API_BASE, getJson, postJson } from './api';
export { apiResourceName } from './resourceNames';
