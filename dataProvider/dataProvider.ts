import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API_BASE } from './api';
import { httpClient } from './httpClient';
import { isMetricsResource } from './metricsResources';
import { apiResourceName } from './resourceNames';

/** Sends every standard react-admin call to the API name of its resource. */
export function withApiResourceNames(provider: DataProvider): DataProvider {
  const api = apiResourceName;
  return {
    ...provider,
    getList: (resource, params) => provider.getList(api(resource), params),
    getOne: (resource, params) =>
      isMetricsResource(resource)
        ? // The GraphQL side (Apollo, ra-data-graphql) loads with the first metrics screen, not with the shell.
          import('./metricsDataProvider').then((metrics) => metrics.getMetricsRecord(resource, params))
        : provider.getOne(api(resource), params),
    getMany: (resource, params) => provider.getMany(api(resource), params),
    getManyReference: (resource, params) => provider.getManyReference(api(resource), params),
    create: (resource, params) => provider.create(api(resource), params),
    update: (resource, params) => provider.update(api(resource), params),
    updateMany: (resource, params) => provider.updateMany(api(resource), params),
    delete: (resource, params) => provider.delete(api(resource), params),
    deleteMany: (resource, params) => provider.deleteMany(api(resource), params),
  };
}

export const dataProvider: DataProvider = withApiResourceNames(simpleRestProvider(API_BASE, httpClient));
