/** Minimal types for webvtt-parser 2.2 (it ships none): the cue-text nodes webvtt-reader.ts builds in its shape, and the
 * parser itself, which only the differential test runs (webvtt-reader.ts replaced it at run time). */
declare module 'webvtt-parser' {
  export interface WebVTTNode {
    type: 'text' | 'object' | 'timestamp';
    /** Tag name for objects: 'c', 'i', 'b', 'u', 'ruby', 'rt', 'v', 'lang'. */
    name?: string;
    classes?: string[];
    /** Text for text nodes, seconds for timestamps, the annotation (speaker) for <v>, the language for <lang>. */
    value?: string | number;
    children?: WebVTTNode[];
  }

  export interface WebVTTCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: WebVTTNode[] };
  }

  export interface WebVTTParseResult {
    cues: WebVTTCue[];
    errors: { message: string; line: number; col?: number }[];
    styles: string[];
    time: number;
  }

  export class WebVTTParser {
    /** `entities`: character references to decode, keyed like "&amp;". */
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: 'metadata' | 'chapters'): WebVTTParseResult;
  }
}
