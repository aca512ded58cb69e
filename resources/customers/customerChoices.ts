import { CUSTOMER_TYPE_LABELS, CustomerType } from '../../domain';

export const CUSTOMER_TYPE_CHOICES = [CustomerType.DEMO, CustomerType.REAL].map((id) => ({ id, name: CUSTOMER_TYPE_LABELS[id] }));
