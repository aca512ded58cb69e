// The embedded vector store ("FAISS" in the settings): an exact (brute-force) index over flat float32 arrays, the
// same search as FAISS's IndexFlatIP / IndexFlatL2. faiss-node was not used: its install step downloads a prebuilt
// binary from GitHub or clones and compiles FAISS with cmake, neither of which a build here may do.

export type VectorMetric = 'cosine' | 'euclidean';

export interface VectorMatch {
  id: string;
  /** Higher is closer: cosine similarity, or the negated Euclidean distance. */
  score: number;
}

export class FlatVectorIndex {
  private readonly ids: string[] = [];
  private data: Float32Array;
  /** Cosine: each row's inverse norm, so a search is one dot product a row. */
  private inverseNorms: Float32Array;

  constructor(
    readonly dimensions: number,
    capacity = 16,
  ) {
    this.data = new Float32Array(dimensions * capacity);
    this.inverseNorms = new Float32Array(capacity);
  }

  get size(): number {
    return this.ids.length;
  }

  add(id: string, vector: ArrayLike<number>): void {
    if (vector.length !== this.dimensions) throw new Error(`A vector of ${vector.length} dimensions does not fit an index of ${this.dimensions}.`);
    const row = this.ids.length;
    if ((row + 1) * this.dimensions > this.data.length) this.grow();
    const offset = row * this.dimensions;
    let squares = 0;
    for (let i = 0; i < this.dimensions; i++) {
      const value = vector[i]!;
      this.data[offset + i] = value;
      squares += value * value;
    }
    this.inverseNorms[row] = squares > 0 ? 1 / Math.sqrt(squares) : 0;
    this.ids.push(id);
  }

  /** The `k` closest rows, closest first (ties by id, so results are stable). */
  search(query: ArrayLike<number>, k: number, metric: VectorMetric): VectorMatch[] {
    if (query.length !== this.dimensions) throw new Error(`The query has ${query.length} dimensions; the index has ${this.dimensions}.`);
    if (k <= 0 || !this.ids.length) return [];
    let querySquares = 0;
    for (let i = 0; i < this.dimensions; i++) querySquares += query[i]! * query[i]!;
    const queryInverseNorm = querySquares > 0 ? 1 / Math.sqrt(querySquares) : 0;
    const best = new TopK(k);
    const d = this.dimensions;
    const data = this.data;
    const norms = this.inverseNorms;
    const q = Float32Array.from(query);
    const rows = this.ids.length;
    for (let row = 0, offset = 0; row < rows; row++, offset += d) {
      let score: number;
      if (metric === 'cosine') {
        score = dotProduct(data, offset, q, d) * norms[row]! * queryInverseNorm;
      } else {
        score = -Math.sqrt(squaredDistance(data, offset, q, d));
      }
      // Most rows lose to the k-th best: skip the heap call for them.
      if (best.accepts(score)) best.offer(row, score);
    }
    return best.sorted().map(({ row, score }) => ({ id: this.ids[row]!, score }));
  }

  private grow(): void {
    const capacity = Math.max(16, this.ids.length * 2);
    const data = new Float32Array(capacity * this.dimensions);
    data.set(this.data);
    const norms = new Float32Array(capacity);
    norms.set(this.inverseNorms);
    this.data = data;
    this.inverseNorms = norms;
  }
}

/** The dot product of the row at `offset` and the query, four lanes at a time (V8 keeps them in registers). */
function dotProduct(data: Float32Array, offset: number, q: Float32Array, d: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let e = 0;
  let i = 0;
  for (; i + 3 < d; i += 4) {
    a += data[offset + i]! * q[i]!;
    b += data[offset + i + 1]! * q[i + 1]!;
    c += data[offset + i + 2]! * q[i + 2]!;
    e += data[offset + i + 3]! * q[i + 3]!;
  }
  for (; i < d; i++) a += data[offset + i]! * q[i]!;
  return a + b + c + e;
}

function squaredDistance(data: Float32Array, offset: number, q: Float32Array, d: number): number {
  let a = 0;
  let b = 0;
  let i = 0;
  for (; i + 1 < d; i += 2) {
    const x = data[offset + i]! - q[i]!;
    const y = data[offset + i + 1]! - q[i + 1]!;
    a += x * x;
    b += y * y;
  }
  for (; i < d; i++) {
    const x = data[offset + i]! - q[i]!;
    a += x * x;
  }
  return a + b;
}

/** Keeps the `k` best (row, score) pairs in a small min-heap. */
class TopK {
  private readonly heap: { row: number; score: number }[] = [];
  constructor(private readonly k: number) {}

  accepts(score: number): boolean {
    return this.heap.length < this.k || score > this.heap[0]!.score;
  }

  offer(row: number, score: number): void {
    if (this.heap.length < this.k) {
      this.heap.push({ row, score });
      this.up(this.heap.length - 1);
    } else if (score > this.heap[0]!.score) {
      this.heap[0] = { row, score };
      this.down(0);
    }
  }

  sorted(): { row: number; score: number }[] {
    return [...this.heap].sort((a, b) => b.score - a.score || a.row - b.row);
  }

  private up(index: number): void {
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.heap[parent]!.score <= this.heap[i]!.score) return;
      [this.heap[parent], this.heap[i]] = [this.heap[i]!, this.heap[parent]!];
      i = parent;
    }
  }

  private down(index: number): void {
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < this.heap.length && this.heap[left]!.score < this.heap[smallest]!.score) smallest = left;
      if (right < this.heap.length && this.heap[right]!.score < this.heap[smallest]!.score) smallest = right;
      if (smallest === i) return;
      [this.heap[smallest], this.heap[i]] = [this.heap[i]!, this.heap[smallest]!];
      i = smallest;
    }
  }
}

/** A vector as stored: base64 of its float32 little-endian bytes. */
export function encodeVector(vector: ArrayLike<number>): string {
  const floats = Float32Array.from(vector as ArrayLike<number>);
  return Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('base64');
}

export function decodeVector(encoded: string): Float32Array {
  const bytes = Buffer.from(encoded, 'base64');
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer, 0, Math.floor(copy.byteLength / 4));
}
