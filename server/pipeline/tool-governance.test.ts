import { describe, expect, it } from 'vitest';
import { DemoProvider } from '../models/providers/demo';
import type { ChatProvider } from '../models/providers/types';
import { assembleToolCalls, callModel } from './llm-call';
import { disallowedTools, jsonStrings, restoreJson } from './tool-governance';

const VAULT = { '<PERSON_1>': 'John "Jack" Smith\\Jr' };

/** A provider answering fixed JSON, in pieces when streamed (a placeholder split over two chunks). */
const jsonProvider = (text: string): ChatProvider => ({
  complete: async () => ({ text, model: 'm' }),
  async *stream() {
    for (let at = 0; at < text.length; at += 4) yield { type: 'delta', text: text.slice(at, at + 4) };
  },
});

describe('JSON through anonymization', () => {
  it('restores placeholders inside JSON strings as valid JSON, whole or streamed', async () => {
    const text = '{"name":"<PERSON_1>","tags":["<PERSON_1>", 3]}';
    expect(JSON.parse(restoreJson(text, VAULT))).toEqual({ name: VAULT['<PERSON_1>'], tags: [VAULT['<PERSON_1>'], 3] });
    for (const streamed of [false, true]) {
      const answer = await callModel({ provider: jsonProvider(text), request: { messages: [] }, vault: VAULT, hold: false, json: true, ...(streamed ? { onDelta: () => undefined } : {}) });
      expect(JSON.parse(answer.answer)).toEqual({ name: VAULT['<PERSON_1>'], tags: [VAULT['<PERSON_1>'], 3] });
    }
    // Without JSON mode the text is restored as it is (and would not be valid JSON here).
    const plain = await callModel({ provider: jsonProvider(text), request: { messages: [] }, vault: VAULT, hold: false });
    expect(() => JSON.parse(plain.answer)).toThrow();
  });

  it('reads and rebuilds the strings of JSON arguments, leaving invalid JSON as one text', () => {
    const { strings, rebuild } = jsonStrings('{"a":"x","b":{"c":["y",1,true]}}');
    expect(strings).toEqual(['x', 'y']);
    expect(JSON.parse(rebuild(['he said "hi"', 'C:\\dir']))).toEqual({ a: 'he said "hi"', b: { c: ['C:\\dir', 1, true] } });
    expect(jsonStrings('not json').strings).toEqual(['not json']);
  });

  it('assembles streamed tool-call fragments by index', () => {
    expect(assembleToolCalls([{ index: 1, id: 'b', name: 'g', arguments: '{"x"' }, { index: 0, id: 'a', name: 'f' }, { index: 0, arguments: '{}' }, { index: 1, arguments: ':1}' }])).toEqual([
      { id: 'a', name: 'f', arguments: '{}' },
      { id: 'b', name: 'g', arguments: '{"x":1}' },
    ]);
  });

  it('lists the tool names a setting does not allow (none when it lists none)', () => {
    expect(disallowedTools(['a', 'b', 'b'], ['a'])).toEqual(['b']);
    expect(disallowedTools(['a'], null)).toEqual([]);
  });

  it('the demo model calls a tool only when asked, deterministically', async () => {
    const demo = new DemoProvider();
    const tools = [{ name: 'lookup', parameters: { type: 'object', properties: { query: { type: 'string' } } } }];
    expect((await demo.complete({ messages: [{ role: 'user', content: 'hello' }], options: { tools } })).toolCalls).toBeUndefined();
    expect((await demo.complete({ messages: [{ role: 'user', content: 'please lookup x' }], options: { tools } })).toolCalls).toEqual([{ id: 'call_demo_1', name: 'lookup', arguments: '{"query":"please lookup x"}' }]);
    expect((await demo.complete({ messages: [{ role: 'user', content: 'please lookup x' }], options: { tools, toolChoice: 'none' } })).toolCalls).toBeUndefined();
    const embedded = await demo.embed(['a b', 'a b'], { dimensions: 8 });
    expect(embedded.vectors[0]).toHaveLength(8);
    expect(embedded.vectors[0]).toEqual(embedded.vectors[1]);
  });
});
