import { clone, dict, list, num, type PyValue, str, unknown } from './values.js';

/**
 * Field values of the ComfyUI node classes that packs subclass (`class MySampler(KSampler)`,
 * `class Preview(nodes.SaveImage)`). Those classes live in ComfyUI, not in the archive, so a
 * subclass that overrides only its category or one method would otherwise lose the inputs,
 * outputs and function it inherits. Choice lists ComfyUI fills at run time (model files, sampler
 * names) stay dynamic, as they do when a pack builds them itself.
 */

/** A field value as written here: JSON, with `{ dynamic }` for a value known only at run time. */
type Spec = string | number | boolean | Spec[] | { dynamic: string } | { [key: string]: Spec };

const files = (folder: string): Spec => ({ dynamic: `folder_paths.get_filename_list("${folder}")` });
// The seed maximum is 2^64 - 1, held as the nearest double, as any integer this large read from a pack is.
const SEED: Spec = ['INT', { default: 0, min: 0, max: 2 ** 64 - 1, control_after_generate: true }];
const STEPS: Spec = ['INT', { default: 20, min: 1, max: 10000 }];
const CFG: Spec = ['FLOAT', { default: 8.0, min: 0.0, max: 100.0, step: 0.1, round: 0.01 }];
const SAMPLER: Spec = [{ dynamic: 'comfy.samplers.KSampler.SAMPLERS' }];
const SCHEDULER: Spec = [{ dynamic: 'comfy.samplers.KSampler.SCHEDULERS' }];
const SIDE: Spec = ['INT', { default: 512, min: 16, max: 16384, step: 8 }];
const SAVE_HIDDEN: Spec = { prompt: 'PROMPT', extra_pnginfo: 'EXTRA_PNGINFO' };
const LORA_STRENGTH: Spec = ['FLOAT', { default: 1.0, min: -100.0, max: 100.0, step: 0.01 }];

interface CoreClass {
  INPUT_TYPES: Spec;
  RETURN_TYPES: Spec[];
  FUNCTION: string;
  CATEGORY: string;
  OUTPUT_NODE?: boolean;
}

const SAVE_IMAGE: CoreClass = {
  INPUT_TYPES: {
    required: { images: ['IMAGE'], filename_prefix: ['STRING', { default: 'ComfyUI' }] },
    hidden: SAVE_HIDDEN,
  },
  RETURN_TYPES: [],
  FUNCTION: 'save_images',
  CATEGORY: 'image',
  OUTPUT_NODE: true,
};

/** By module and class name. */
const CORE_CLASSES: Record<string, Record<string, CoreClass>> = {
  nodes: {
    KSampler: {
      INPUT_TYPES: {
        required: {
          model: ['MODEL'],
          seed: SEED,
          steps: STEPS,
          cfg: CFG,
          sampler_name: SAMPLER,
          scheduler: SCHEDULER,
          positive: ['CONDITIONING'],
          negative: ['CONDITIONING'],
          latent_image: ['LATENT'],
          denoise: ['FLOAT', { default: 1.0, min: 0.0, max: 1.0, step: 0.01 }],
        },
      },
      RETURN_TYPES: ['LATENT'],
      FUNCTION: 'sample',
      CATEGORY: 'sampling',
    },
    KSamplerAdvanced: {
      INPUT_TYPES: {
        required: {
          model: ['MODEL'],
          add_noise: [['enable', 'disable']],
          noise_seed: SEED,
          steps: STEPS,
          cfg: CFG,
          sampler_name: SAMPLER,
          scheduler: SCHEDULER,
          positive: ['CONDITIONING'],
          negative: ['CONDITIONING'],
          latent_image: ['LATENT'],
          start_at_step: ['INT', { default: 0, min: 0, max: 10000 }],
          end_at_step: ['INT', { default: 10000, min: 0, max: 10000 }],
          return_with_leftover_noise: [['disable', 'enable']],
        },
      },
      RETURN_TYPES: ['LATENT'],
      FUNCTION: 'sample',
      CATEGORY: 'sampling',
    },
    SaveImage: SAVE_IMAGE,
    PreviewImage: { ...SAVE_IMAGE, INPUT_TYPES: { required: { images: ['IMAGE'] }, hidden: SAVE_HIDDEN } },
    LoadImage: {
      INPUT_TYPES: { required: { image: [{ dynamic: 'sorted(files)' }, { image_upload: true }] } },
      RETURN_TYPES: ['IMAGE', 'MASK'],
      FUNCTION: 'load_image',
      CATEGORY: 'image',
    },
    EmptyLatentImage: {
      INPUT_TYPES: { required: { width: SIDE, height: SIDE, batch_size: ['INT', { default: 1, min: 1, max: 4096 }] } },
      RETURN_TYPES: ['LATENT'],
      FUNCTION: 'generate',
      CATEGORY: 'latent',
    },
    CheckpointLoaderSimple: {
      INPUT_TYPES: { required: { ckpt_name: [files('checkpoints')] } },
      RETURN_TYPES: ['MODEL', 'CLIP', 'VAE'],
      FUNCTION: 'load_checkpoint',
      CATEGORY: 'loaders',
    },
    UNETLoader: {
      INPUT_TYPES: {
        required: {
          unet_name: [files('diffusion_models')],
          weight_dtype: [['default', 'fp8_e4m3fn', 'fp8_e4m3fn_fast', 'fp8_e5m2']],
        },
      },
      RETURN_TYPES: ['MODEL'],
      FUNCTION: 'load_unet',
      CATEGORY: 'advanced/loaders',
    },
    LoraLoader: {
      INPUT_TYPES: {
        required: {
          model: ['MODEL'],
          clip: ['CLIP'],
          lora_name: [files('loras')],
          strength_model: LORA_STRENGTH,
          strength_clip: LORA_STRENGTH,
        },
      },
      RETURN_TYPES: ['MODEL', 'CLIP'],
      FUNCTION: 'load_lora',
      CATEGORY: 'loaders',
    },
    CLIPTextEncode: {
      INPUT_TYPES: { required: { text: ['STRING', { multiline: true, dynamicPrompts: true }], clip: ['CLIP'] } },
      RETURN_TYPES: ['CONDITIONING'],
      FUNCTION: 'encode',
      CATEGORY: 'conditioning',
    },
    VAEDecode: {
      INPUT_TYPES: { required: { samples: ['LATENT'], vae: ['VAE'] } },
      RETURN_TYPES: ['IMAGE'],
      FUNCTION: 'decode',
      CATEGORY: 'latent',
    },
    VAEEncode: {
      INPUT_TYPES: { required: { pixels: ['IMAGE'], vae: ['VAE'] } },
      RETURN_TYPES: ['LATENT'],
      FUNCTION: 'encode',
      CATEGORY: 'latent',
    },
  },
  'comfy_extras.nodes_upscale_model': {
    ImageUpscaleWithModel: {
      INPUT_TYPES: { required: { upscale_model: ['UPSCALE_MODEL'], image: ['IMAGE'] } },
      RETURN_TYPES: ['IMAGE'],
      FUNCTION: 'upscale',
      CATEGORY: 'image/upscaling',
    },
  },
};

function toValue(spec: Spec): PyValue {
  if (typeof spec === 'string') return str(spec);
  if (typeof spec === 'number') return num(spec);
  if (typeof spec === 'boolean') return { kind: 'bool', value: spec };
  if (Array.isArray(spec)) return list(spec.map(toValue), true);
  if ('dynamic' in spec && typeof spec.dynamic === 'string') return unknown(spec.dynamic);
  return dict(new Map(Object.entries(spec).map(([key, item]) => [key, toValue(item as Spec)])));
}

const fieldCache = new Map<CoreClass, Map<string, PyValue>>();

function fieldsOf(core: CoreClass): Map<string, PyValue> {
  let fields = fieldCache.get(core);
  if (!fields) {
    fields = new Map<string, PyValue>([
      ['INPUT_TYPES', toValue(core.INPUT_TYPES)],
      ['RETURN_TYPES', toValue(core.RETURN_TYPES)],
      ['FUNCTION', str(core.FUNCTION)],
      ['CATEGORY', str(core.CATEGORY)],
    ]);
    if (core.OUTPUT_NODE) fields.set('OUTPUT_NODE', { kind: 'bool', value: true });
    fieldCache.set(core, fields);
  }
  return fields;
}

/**
 * The ComfyUI class a value from outside the pack names, if it is one listed here:
 * `KSampler` imported `from nodes`, `nodes.SaveImage` after `import nodes`.
 */
function coreClassOf(value: PyValue): CoreClass | null {
  let dotted: string | null = null;
  if (value.kind === 'ref') dotted = value.origin;
  else if (value.kind === 'attr' && value.object.kind === 'ref' && value.object.origin) {
    dotted = `${value.object.origin}.${value.name}`;
  }
  if (!dotted) return null;
  const cut = dotted.lastIndexOf('.');
  if (cut < 0) return null;
  return CORE_CLASSES[dotted.slice(0, cut)]?.[dotted.slice(cut + 1)] ?? null;
}

/** A field a ComfyUI class gives its subclasses (a copy, which the caller may change), or undefined. */
export function coreField(base: PyValue, name: string): PyValue | undefined {
  const core = coreClassOf(base);
  const value = core ? fieldsOf(core).get(name) : undefined;
  return value ? clone(value) : undefined;
}
