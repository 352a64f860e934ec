/** Word lists the demo catalogue is made from: shaped like what real node packs are called and do. */

/** Splits a `|`-separated list (compact to read, and it keeps the formatter from one word per line). */
const list = (text: string): readonly string[] => text.split('|');

export const PACK_WORDS = list(
  'pixel|latent|prompt|mask|lora|sampler|upscale|face|depth|pose|style|color|video|audio|flux|sdxl|controlnet|' +
    'segment|tile|noise|detail|frame|motion|text|llm|vision|caption|batch|workflow|image|inpaint|outpaint|blend|' +
    'grid|seed|clip|vae|model|loader|cache|memory|gguf|wan|hunyuan|animate|interp|matte|relight|sketch|anime|' +
    'portrait|scene|tag|wildcard|metadata|preview|save|switch|math|logic',
);

export const PACK_SUFFIXES = list('nodes|tools|suite|pack|utils|kit|extras|plus');

export const PUBLISHER_WORDS = list(
  'pixel|forge|latent|studio|labs|neon|quantum|vector|atelier|flow|spark|nova|mirror|prism|canvas|signal|orbit|' +
    'ember|cobalt|maple|tensor|delta|lumen|harbor',
);

export const TASKS = list(
  'upscaling images|building masks|managing LoRAs|prompt scheduling|video frame interpolation|face restoration|' +
    'depth estimation|pose control|color grading|batch processing|captioning with LLMs|tiled sampling|' +
    'regional prompting|image compositing|audio-reactive animation|workflow automation|model merging|' +
    'memory management|metadata handling|background removal',
);

export const FEATURES = list(
  'fast previews|batch support|GGUF models|SDXL and Flux support|low VRAM modes|tiled processing|custom schedulers|' +
    'prompt wildcards|mask feathering|automatic downloads|API nodes|caching|per-region conditioning|video helpers|' +
    'math and logic helpers|image comparison|save with metadata',
);

export const TAGS = list(
  'image|video|audio|mask|upscale|lora|prompt|sampling|utility|llm|controlnet|face|3d|animation|api|workflow|' +
    'latent|segmentation|style|inpainting',
);

export const CATEGORIES = list('image|video|audio|utils|sampling|conditioning|latent|mask|llm|3d');

/** `supported_os` values as comfy-cli derives them from classifiers (empty: not declared). */
export const OS_CHOICES: readonly (readonly string[])[] = [
  ['OS Independent'],
  ['OS Independent'],
  ['Microsoft :: Windows', 'POSIX :: Linux', 'MacOS'],
  ['Microsoft :: Windows', 'POSIX :: Linux'],
  ['POSIX :: Linux'],
  [],
];

export const ACCELERATOR_CHOICES: readonly (readonly string[])[] = [
  [],
  ['GPU :: NVIDIA CUDA'],
  ['GPU :: NVIDIA CUDA', 'GPU :: AMD ROCm'],
  ['GPU :: NVIDIA CUDA', 'GPU :: Apple Metal'],
  ['GPU :: NVIDIA CUDA', 'GPU :: AMD ROCm', 'GPU :: Intel Arc', 'GPU :: Apple Metal'],
];

export const COMFYUI_VERSIONS = list('||>=0.3.0|>=0.3.10|>=0.2.0');

/** Licenses as comfy-cli sends them: a JSON-encoded string. */
export const LICENSES = ['{"text": "MIT"}', '{"text": "Apache-2.0"}', '{"text": "GPL-3.0"}', '{"file": "LICENSE"}'];

export const PYTHON_DEPENDENCIES = list(
  'numpy|opencv-python|pillow|torch|transformers|scipy|einops|safetensors|requests|onnxruntime|huggingface-hub|' +
    'accelerate|scikit-image|timm',
);

/** Parts of node class names: `<Subject><Action><Variant>` as in `LatentUpscaleAdvanced`. */
export const CLASS_SUBJECTS = list(
  'Image|Latent|Mask|Prompt|Lora|Model|Clip|Vae|Face|Depth|Pose|Color|Frame|Video|Audio|Text|Seed|Tile|Noise|' +
    'Style|Region|Batch|Caption|Segment',
);

export const CLASS_ACTIONS = list(
  'Loader|Saver|Upscale|Blend|Composite|Resize|Crop|Detailer|Encode|Decode|Switch|Combine|Split|Preview|Sampler|' +
    'Scheduler|Apply|Extract|Filter|Adjust|Router|Info',
);

export const CLASS_VARIANTS = list('|||Advanced|Simple|Batch|Pipe|V2|Plus');
