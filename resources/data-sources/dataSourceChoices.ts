import {
  CHUNK_SIZE_LABELS,
  DATA_SOURCE_APP_LABELS,
  EMBEDDED_VECTOR_DATABASE,
  EMBEDDING_MODEL_LABELS,
  SIMILARITY_LABELS,
  SYNC_INTERVAL_UNIT_LABELS,
  SYNC_INTERVAL_UNITS,
  VECTOR_DATABASE_LABELS,
} from '../../domain';

type Labels = Record<number, string>;
const numberChoices = (labels: Labels) => Object.entries(labels).map(([id, name]) => ({ id: Number(id), name }));

/** The built-in store first, then the connectors in their §3.2 order. */
export const APP_CHOICES = numberChoices(DATA_SOURCE_APP_LABELS);
/** FAISS is the embedded index; the external stores ask for their connection settings once chosen. */
export const VECTOR_DATABASE_CHOICES = numberChoices(VECTOR_DATABASE_LABELS).map((choice) => (choice.id === EMBEDDED_VECTOR_DATABASE ? { ...choice, name: `${choice.name} (embedded)` } : choice));
export const EMBEDDING_MODEL_CHOICES = numberChoices(EMBEDDING_MODEL_LABELS);
export const CHUNK_SIZE_CHOICES = numberChoices(CHUNK_SIZE_LABELS);
export const SIMILARITY_CHOICES = numberChoices(SIMILARITY_LABELS);
export const SYNC_UNIT_CHOICES = SYNC_INTERVAL_UNITS.map((unit) => ({ id: unit, name: SYNC_INTERVAL_UNIT_LABELS[unit] }));
