/**
 * Workflow cases for the install plan's relevance figures: the node classes of common kinds of
 * shared ComfyUI workflows (real class names of real packs, as the ComfyUI-Manager node map lists
 * them), each with the repository of the pack that really provides it. Cases marked `saved` are
 * written as a current front end saves them, with `cnr_id` (the public registry's id) and `ver`
 * on each custom node; the others carry class names only, as older workflows and the API format
 * do. Core classes are mixed in as real workflows have them.
 */

export interface CaseNode {
  type: string;
  /** Repository (`owner/name`) of the pack that provides the class; null for ComfyUI's own. */
  repo: string | null;
  /** The public registry id a current front end records for the pack. */
  cnr?: string;
}

export interface WorkflowCase {
  name: string;
  saved: boolean;
  nodes: CaseNode[];
}

const core = (type: string): CaseNode => ({ type, repo: null });
const base = [
  core('CheckpointLoaderSimple'),
  core('CLIPTextEncode'),
  core('KSampler'),
  core('VAEDecode'),
  core('SaveImage'),
];

const VHS = 'Kosinkadink/ComfyUI-VideoHelperSuite';
const ADE = 'Kosinkadink/ComfyUI-AnimateDiff-Evolved';
const ACN = 'Kosinkadink/ComfyUI-Advanced-ControlNet';
const AUX = 'Fannovel16/comfyui_controlnet_aux';
const IPA = 'cubiq/ComfyUI_IPAdapter_plus';
const IMPACT = 'ltdrdata/ComfyUI-Impact-Pack';
const SUBPACK = 'ltdrdata/ComfyUI-Impact-Subpack';
const INSPIRE = 'ltdrdata/ComfyUI-Inspire-Pack';
const KJ = 'kijai/ComfyUI-KJNodes';
const ESS = 'cubiq/ComfyUI_essentials';
const PYSSSSS = 'pythongosssss/ComfyUI-Custom-Scripts';
const USDU = 'ssitu/ComfyUI_UltimateSDUpscale';
const EFF = 'jags111/efficiency-nodes-comfyui';
const EASY = 'yolain/ComfyUI-Easy-Use';
const CR = 'Suzie1/ComfyUI_Comfyroll_CustomNodes';
const GGUF = 'city96/ComfyUI-GGUF';
const FLO = 'kijai/ComfyUI-Florence2';
const LS = 'chflame163/ComfyUI_LayerStyle';
const FI = 'Fannovel16/ComfyUI-Frame-Interpolation';
const ADV = 'BlenderNeko/ComfyUI_ADV_CLIP_emb';
const INPAINT = 'Acly/comfyui-inpaint-nodes';
const SAM2 = 'kijai/ComfyUI-segment-anything-2';
const PULID = 'cubiq/PuLID_ComfyUI';
const REACTOR = 'Gourieff/ComfyUI-ReActor';
const WAN = 'kijai/ComfyUI-WanVideoWrapper';
const TTN = 'TinyTerra/ComfyUI_tinyterraNodes';
const UE = 'chrisgoringe/cg-use-everywhere';
const RG = 'rgthree/rgthree-comfy';
const SAM = 'storyicon/comfyui_segment_anything';
const DD = 'Jonseed/ComfyUI-Detail-Daemon';
const LTX = 'Lightricks/ComfyUI-LTXVideo';
const HY = 'kijai/ComfyUI-HunyuanVideoWrapper';
const MATH = 'evanspearman/ComfyMath';
const MASQ = 'BadCafeCode/masquerade-nodes-comfyui';
const CRYS = 'crystian/ComfyUI-Crystools';

/** The public registry's id of a pack, as comfy-cli derives it from the repository name. */
const cnrOf = (repo: string) => (repo.split('/')[1] ?? repo).toLowerCase();
const n = (type: string, repo: string): CaseNode => ({ type, repo, cnr: cnrOf(repo) });

export const CASES: WorkflowCase[] = [
  {
    name: 'AnimateDiff video with ControlNet',
    saved: true,
    nodes: [
      ...base,
      n('ADE_AnimateDiffLoaderGen1', ADE),
      n('ADE_UseEvolvedSampling', ADE),
      n('ACN_AdvancedControlNetApply', ACN),
      n('DWPreprocessor', AUX),
      n('VHS_VideoCombine', VHS),
      n('VHS_LoadVideo', VHS),
    ],
  },
  {
    name: 'AnimateDiff video with ControlNet (API)',
    saved: false,
    nodes: [
      ...base,
      n('ADE_AnimateDiffLoaderGen1', ADE),
      n('ADE_UseEvolvedSampling', ADE),
      n('ACN_AdvancedControlNetApply', ACN),
      n('DWPreprocessor', AUX),
      n('VHS_VideoCombine', VHS),
      n('VHS_LoadVideo', VHS),
    ],
  },
  {
    name: 'IPAdapter style transfer',
    saved: true,
    nodes: [...base, n('IPAdapterUnifiedLoader', IPA), n('IPAdapterAdvanced', IPA), core('LoadImage')],
  },
  {
    name: 'IPAdapter style transfer (API)',
    saved: false,
    nodes: [...base, n('IPAdapterUnifiedLoader', IPA), n('IPAdapterAdvanced', IPA), core('LoadImage')],
  },
  {
    name: 'Face detailer',
    saved: true,
    nodes: [...base, n('FaceDetailer', IMPACT), n('UltralyticsDetectorProvider', SUBPACK), n('SAMLoader', IMPACT)],
  },
  {
    name: 'Face detailer (API)',
    saved: false,
    nodes: [...base, n('FaceDetailer', IMPACT), n('UltralyticsDetectorProvider', SUBPACK), n('SAMLoader', IMPACT)],
  },
  {
    name: 'Wildcards and regional prompts',
    saved: true,
    nodes: [
      ...base,
      n('ImpactWildcardProcessor', IMPACT),
      n('KSampler //Inspire', INSPIRE),
      n('RegionalPromptSimple //Inspire', INSPIRE),
    ],
  },
  {
    name: 'Upscale with Ultimate SD Upscale',
    saved: true,
    nodes: [...base, n('UltimateSDUpscale', USDU), core('UpscaleModelLoader'), n('ImageResize+', ESS)],
  },
  {
    name: 'Upscale with Ultimate SD Upscale (API)',
    saved: false,
    nodes: [...base, n('UltimateSDUpscale', USDU), core('UpscaleModelLoader'), n('GetImageSize+', ESS)],
  },
  {
    name: 'Efficiency nodes XY plot',
    saved: false,
    nodes: [n('Efficient Loader', EFF), n('KSampler (Efficient)', EFF), n('XY Plot', EFF), core('SaveImage')],
  },
  {
    name: 'Easy-Use pipeline',
    saved: true,
    nodes: [n('easy fullLoader', EASY), n('easy fullkSampler', EASY), n('easy showAnything', EASY)],
  },
  {
    name: 'Comfyroll LoRA stack',
    saved: false,
    nodes: [...base, n('CR LoRA Stack', CR), n('CR Apply LoRA Stack', CR)],
  },
  {
    name: 'Flux GGUF',
    saved: true,
    nodes: [
      n('UnetLoaderGGUF', GGUF),
      n('DualCLIPLoaderGGUF', GGUF),
      core('CLIPTextEncode'),
      core('SamplerCustomAdvanced'),
      core('VAEDecode'),
      core('SaveImage'),
    ],
  },
  {
    name: 'Flux GGUF (API)',
    saved: false,
    nodes: [
      n('UnetLoaderGGUF', GGUF),
      n('DualCLIPLoaderGGUF', GGUF),
      core('CLIPTextEncode'),
      core('SamplerCustomAdvanced'),
    ],
  },
  {
    name: 'Florence2 captioning',
    saved: true,
    nodes: [n('DownloadAndLoadFlorence2Model', FLO), n('Florence2Run', FLO), core('LoadImage')],
  },
  {
    name: 'Florence2 + SAM2 masking',
    saved: false,
    nodes: [
      n('DownloadAndLoadFlorence2Model', FLO),
      n('Florence2Run', FLO),
      n('DownloadAndLoadSAM2Model', SAM2),
      n('Sam2Segmentation', SAM2),
      core('LoadImage'),
    ],
  },
  {
    name: 'LayerStyle compositing',
    saved: true,
    nodes: [n('LayerUtility: ImageBlend', LS), n('LayerMask: MaskGrow', LS), core('LoadImage'), core('SaveImage')],
  },
  {
    name: 'Frame interpolation',
    saved: true,
    nodes: [n('RIFE VFI', FI), n('VHS_LoadVideo', VHS), n('VHS_VideoCombine', VHS)],
  },
  {
    name: 'Frame interpolation (API)',
    saved: false,
    nodes: [n('RIFE VFI', FI), n('FILM VFI', FI), n('VHS_VideoCombine', VHS)],
  },
  { name: 'Advanced CLIP encode', saved: false, nodes: [...base, n('BNK_CLIPTextEncodeAdvanced', ADV)] },
  {
    name: 'Fooocus inpaint',
    saved: true,
    nodes: [
      ...base,
      n('INPAINT_LoadFooocusInpaint', INPAINT),
      n('INPAINT_ApplyFooocusInpaint', INPAINT),
      n('INPAINT_MaskedFill', INPAINT),
    ],
  },
  {
    name: 'PuLID portrait',
    saved: true,
    nodes: [
      ...base,
      n('PulidModelLoader', PULID),
      n('ApplyPulid', PULID),
      n('PulidEvaClipLoader', PULID),
      n('PulidInsightFaceLoader', PULID),
    ],
  },
  {
    name: 'ReActor face swap',
    saved: false,
    nodes: [core('LoadImage'), n('ReActorFaceSwap', REACTOR), core('SaveImage')],
  },
  {
    name: 'Wan video',
    saved: true,
    nodes: [
      n('WanVideoModelLoader', WAN),
      n('WanVideoSampler', WAN),
      n('WanVideoDecode', WAN),
      n('VHS_VideoCombine', VHS),
    ],
  },
  {
    name: 'Hunyuan video',
    saved: false,
    nodes: [n('HyVideoModelLoader', HY), n('HyVideoSampler', HY), n('HyVideoDecode', HY), n('VHS_VideoCombine', VHS)],
  },
  {
    name: 'LTX video',
    saved: true,
    nodes: [
      core('LTXVConditioning'),
      core('LTXVImgToVideo'),
      n('AddLatentGuide', LTX),
      n('GuiderParameters', LTX),
      core('SaveAnimatedWEBP'),
    ],
  },
  { name: 'tinyterra pipes', saved: false, nodes: [n('ttN pipeLoader_v2', TTN), n('ttN pipeKSampler_v2', TTN)] },
  {
    name: 'rgthree helpers',
    saved: true,
    nodes: [
      ...base,
      n('Seed (rgthree)', RG),
      n('Power Lora Loader (rgthree)', RG),
      n('Fast Groups Bypasser (rgthree)', RG),
    ],
  },
  {
    name: 'rgthree helpers (no pack ids)',
    saved: false,
    nodes: [...base, n('Seed (rgthree)', RG), n('Power Lora Loader (rgthree)', RG), n('Image Comparer (rgthree)', RG)],
  },
  {
    name: 'Use Everywhere wiring',
    saved: false,
    nodes: [...base, n('Anything Everywhere', UE), n('Prompts Everywhere', UE)],
  },
  {
    name: 'GroundingDINO + SAM',
    saved: true,
    nodes: [
      n('GroundingDinoModelLoader (segment anything)', SAM),
      n('SAMModelLoader (segment anything)', SAM),
      n('GroundingDinoSAMSegment (segment anything)', SAM),
      core('LoadImage'),
    ],
  },
  {
    name: 'Detail Daemon',
    saved: true,
    nodes: [...base, n('DetailDaemonSamplerNode', DD), core('SamplerCustomAdvanced')],
  },
  {
    name: 'Math and masks utilities',
    saved: false,
    nodes: [n('CM_FloatBinaryOperation', MATH), n('Mask By Text', MASQ), n('Combine Masks', MASQ), core('LoadImage')],
  },
  {
    name: 'KJNodes and pysssss helpers',
    saved: true,
    nodes: [
      ...base,
      n('GetImageSizeAndCount', KJ),
      n('ImageConcanate', KJ),
      n('ShowText|pysssss', PYSSSSS),
      n('MathExpression|pysssss', PYSSSSS),
    ],
  },
  {
    name: 'Crystools monitors',
    saved: false,
    nodes: [...base, n('Show any [Crystools]', CRYS), n('Primitive integer [Crystools]', CRYS)],
  },
];
