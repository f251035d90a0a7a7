export interface Utterance {
  speaker: string;
  at: number;
  text: string;
}
export interface WrittenLayout {
  id: string;
  tool: string;
  fileName: string;
  labelPattern: string;
  text: string;
}
export function talkOf(source: string): Utterance[];
export function layoutsOf(source: string): WrittenLayout[];
