import type { SeededRandom } from './random.js';
import { CLASS_ACTIONS, CLASS_SUBJECTS, CLASS_VARIANTS } from './vocabulary.js';

/** One node class of a demo pack, shaped like what the archive analyser extracts. */
export interface DemoComfyNode {
  name: string;
  displayName: string;
  category: string;
  description: string;
  /** JSON text of INPUT_TYPES; uses only strings, numbers, lists and objects, so it is also Python. */
  inputTypes: string;
  returnTypes: string[];
  returnNames: string[];
  function: string;
  outputNode: boolean;
}

type InputSpec = [name: string, spec: unknown[]];

/** Inputs a node may take, as ComfyUI declares them. Booleans are left out on purpose (see inputTypes). */
const INPUTS: InputSpec[] = [
  ['image', ['IMAGE']],
  ['mask', ['MASK']],
  ['model', ['MODEL']],
  ['clip', ['CLIP']],
  ['vae', ['VAE']],
  ['latent', ['LATENT']],
  ['conditioning', ['CONDITIONING']],
  ['strength', ['FLOAT', { default: 1, min: 0, max: 2, step: 0.01 }]],
  ['scale_by', ['FLOAT', { default: 1.5, min: 0.1, max: 8, step: 0.05 }]],
  ['seed', ['INT', { default: 0, min: 0, max: 4294967295 }]],
  ['steps', ['INT', { default: 20, min: 1, max: 150 }]],
  ['text', ['STRING', { default: '' }]],
  ['mode', [['fast', 'balanced', 'quality']]],
  ['blend_mode', [['normal', 'multiply', 'screen', 'overlay']]],
];

const OUTPUTS: Record<string, [type: string, name: string]> = {
  Image: ['IMAGE', 'image'],
  Latent: ['LATENT', 'latent'],
  Mask: ['MASK', 'mask'],
  Prompt: ['STRING', 'prompt'],
  Text: ['STRING', 'text'],
  Caption: ['STRING', 'caption'],
  Model: ['MODEL', 'model'],
  Lora: ['MODEL', 'model'],
  Clip: ['CLIP', 'clip'],
  Vae: ['VAE', 'vae'],
  Seed: ['INT', 'seed'],
  Audio: ['AUDIO', 'audio'],
  Video: ['IMAGE', 'frames'],
  Frame: ['IMAGE', 'frames'],
  Region: ['CONDITIONING', 'conditioning'],
};

/** `count` distinct node classes for one pack, named after the pack's short prefix. */
export function generateComfyNodes(
  rng: SeededRandom,
  prefix: string,
  category: string,
  count: number,
): DemoComfyNode[] {
  const nodes: DemoComfyNode[] = [];
  const used = new Set<string>();
  while (nodes.length < count) {
    const subject = rng.pick(CLASS_SUBJECTS);
    const action = rng.pick(CLASS_ACTIONS);
    const variant = rng.pick(CLASS_VARIANTS);
    const name = `${prefix}${subject}${action}${variant}`;
    if (used.has(name)) continue;
    used.add(name);
    const inputs = rng.sample(INPUTS, rng.int(1, 4));
    const required = Object.fromEntries(inputs.map(([key, spec]) => [key, spec]));
    const optional = rng.chance(0.3)
      ? { optional: { [`${subject.toLowerCase()}_override`]: ['STRING', { default: '' }] } }
      : {};
    const [returnType, returnName] = OUTPUTS[subject] ?? ['IMAGE', 'image'];
    const saver = action === 'Saver' || action === 'Preview';
    nodes.push({
      name,
      displayName: [subject, action, variant].filter(Boolean).join(' '),
      category: `${category}/${subject.toLowerCase()}`,
      description: `${action} for ${subject.toLowerCase()} inputs.`,
      inputTypes: JSON.stringify({ required, ...optional }),
      returnTypes: saver ? [] : [returnType],
      returnNames: saver ? [] : [returnName],
      function: saver ? 'save' : 'run',
      outputNode: saver,
    });
  }
  return nodes;
}
