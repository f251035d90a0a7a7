/** The shape Gemini is asked to answer in comes from the contract's insight schema, and its reading keeps every word. */
import { describe, expect, it } from 'vitest';
import { z } from '@verbatim/contract/zod';
import { INSIGHT_WORDING, INSIGHT_WORDING_FIELDS, proposedInsightSchema } from '@verbatim/contract/insight-schema';
import { ANSWER_JSON_SCHEMA, answerJsonSchema, geminiJsonSchema } from '../../../../src/analysis/gemini/response-schema';
import { readAnswer } from '../../../../src/analysis/gemini/response-validation';

type Node = { [key: string]: unknown };
const insightItem = (schema: Node) => ((schema.properties as Node).insights as Node).items as Node;

/** Every key anywhere in a JSON Schema. */
function keysOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(keysOf);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => [key, ...keysOf(value)]);
}

describe("Gemini's answer schema", () => {
  it("asks for each of the contract's insight words, required, in the contract's order, with what the contract asks of it", () => {
    const item = insightItem(ANSWER_JSON_SCHEMA);
    const properties = item.properties as Record<string, Node>;
    for (const field of INSIGHT_WORDING_FIELDS) expect(properties[field]).toEqual({ type: 'string', description: INSIGHT_WORDING[field].ask });
    expect(item.required).toEqual([...INSIGHT_WORDING_FIELDS, 'quotes']);
    expect(item.propertyOrdering).toEqual([...INSIGHT_WORDING_FIELDS, 'quotes']);
    expect(item.additionalProperties).toBe(false);
  });

  it('asks every quote for its text and speaker, never for a start hint, and caps the lists', () => {
    const quotes = insightItem(answerJsonSchema(7)).properties as Record<string, Node>;
    const quoteItem = quotes.quotes.items as Node;
    expect(quoteItem.required).toEqual(['text', 'speaker']);
    expect(Object.keys(quoteItem.properties as Node)).toEqual(['text', 'speaker']);
    expect([quotes.quotes.minItems, quotes.quotes.maxItems]).toEqual([1, 5]);
    expect(((answerJsonSchema(7).properties as Node).insights as Node).maxItems).toBe(7);
  });

  it('carries nothing Gemini does not read', () => {
    const keys = new Set(keysOf(ANSWER_JSON_SCHEMA));
    expect(keys.has('maxLength')).toBe(false);
    expect(keys.has('$schema')).toBe(false);
  });

  it('would ask for a field added to the contract, with no other change', () => {
    const grown = geminiJsonSchema(proposedInsightSchema.extend({ mood: z.string().meta({ description: 'How it felt.' }) }));
    expect((grown.properties as Node).mood).toEqual({ type: 'string', description: 'How it felt.' });
    expect(grown.required).toContain('mood');
    expect(grown.propertyOrdering).toEqual([...INSIGHT_WORDING_FIELDS, 'quotes', 'mood']);
  });
});

describe("reading Gemini's answer", () => {
  it("keeps each of the contract's words, trimmed, and no field it does not know", () => {
    const words = Object.fromEntries(INSIGHT_WORDING_FIELDS.map((field) => [field, `  the ${field}  `]));
    const reading = readAnswer(JSON.stringify({ insights: [{ ...words, quotes: [{ text: 'I wait', speaker: 'P1' }], extra: 'x' }], groupedTags: [] }));
    expect(reading.ok && reading.answer.insights[0]).toEqual({
      ...Object.fromEntries(INSIGHT_WORDING_FIELDS.map((field) => [field, `the ${field}`])),
      quotes: [{ text: 'I wait', speaker: 'P1' }],
    });
  });

  it("leaves out an insight one of whose words is over the contract's answer limit", () => {
    for (const field of INSIGHT_WORDING_FIELDS) {
      const words = { ...Object.fromEntries(INSIGHT_WORDING_FIELDS.map((f) => [f, 'fine'])), [field]: 'x'.repeat(INSIGHT_WORDING[field].answerMax + 1) };
      const reading = readAnswer(JSON.stringify({ insights: [{ ...words, quotes: [{ text: 'I wait', speaker: 'P1' }] }], groupedTags: [] }));
      expect(reading.ok && reading.dropped.insights, field).toBe(1);
    }
  });
});
