// The inverted index's storage: fingerprint hash → chain of (document serial, token position), in typed arrays
// (open addressing on the hash, chains as linked lists in parallel arrays). Millions of fingerprints then cost a few
// flat buffers instead of millions of heap objects: little memory, and nothing for the garbage collector to walk,
// so a check of an answer is not held up by collections of a large index.

const EMPTY = -1;

export class PostingTable {
  private bits = 16;
  private keys = new Uint32Array(1 << 16);
  private heads = new Int32Array(1 << 16).fill(EMPTY);
  private distinct = 0;
  private documents = new Uint32Array(1 << 16);
  private positions = new Uint32Array(1 << 16);
  private next = new Int32Array(1 << 16);
  private count = 0;

  /** Postings held (dead ones of removed documents included until the table is rebuilt). */
  get size(): number {
    return this.count;
  }

  add(hash: number, document: number, position: number): void {
    if ((this.distinct + 1) * 2 > this.keys.length) this.growKeys();
    if (this.count === this.documents.length) this.growPostings();
    const slot = this.slotOf(hash);
    if (this.heads[slot] === EMPTY) {
      this.keys[slot] = hash;
      this.distinct += 1;
    }
    const posting = this.count;
    this.documents[posting] = document;
    this.positions[posting] = position;
    this.next[posting] = this.heads[slot]!;
    this.heads[slot] = posting;
    this.count += 1;
  }

  /** Calls `visit(document, position)` for every posting of the hash. */
  forEach(hash: number, visit: (document: number, position: number) => void): void {
    let posting = this.heads[this.slotOf(hash)]!;
    while (posting !== EMPTY) {
      visit(this.documents[posting]!, this.positions[posting]!);
      posting = this.next[posting]!;
    }
  }

  /** Bytes of the buffers. */
  get bytes(): number {
    return this.keys.byteLength + this.heads.byteLength + this.documents.byteLength + this.positions.byteLength + this.next.byteLength;
  }

  private slotOf(hash: number): number {
    const mask = this.keys.length - 1;
    let slot = Math.imul(hash, 0x9e3779b1) >>> (32 - this.bits);
    while (this.heads[slot] !== EMPTY && this.keys[slot] !== hash) slot = (slot + 1) & mask;
    return slot;
  }

  private growKeys(): void {
    const oldKeys = this.keys;
    const oldHeads = this.heads;
    this.bits += 1;
    this.keys = new Uint32Array(1 << this.bits);
    this.heads = new Int32Array(1 << this.bits).fill(EMPTY);
    for (let slot = 0; slot < oldKeys.length; slot += 1) {
      if (oldHeads[slot] === EMPTY) continue;
      const target = this.slotOf(oldKeys[slot]!);
      this.keys[target] = oldKeys[slot]!;
      this.heads[target] = oldHeads[slot]!;
    }
  }

  private growPostings(): void {
    const size = this.documents.length * 2;
    const grow = <T extends Uint32Array | Int32Array>(old: T, make: (length: number) => T): T => {
      const grown = make(size);
      grown.set(old);
      return grown;
    };
    this.documents = grow(this.documents, (length) => new Uint32Array(length));
    this.positions = grow(this.positions, (length) => new Uint32Array(length));
    this.next = grow(this.next, (length) => new Int32Array(length));
  }
}
