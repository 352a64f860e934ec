/**
 * Searches a ComfyUI user would type, each with the pack(s) that must come back in the top 3,
 * over the real ComfyUI-Manager catalogue as the importer stores it (ids are the importer's).
 */
export interface RelevanceCase {
  query: string;
  /** Every one of these pack ids must be among the first three hits. */
  top3: string[];
  kind: 'name' | 'misspelling' | 'class' | 'partial' | 'script' | 'repository' | 'spelling';
}

export const RELEVANCE_CASES: RelevanceCase[] = [
  // Pack names, as people remember them.
  { kind: 'name', query: 'impact pack', top3: ['comfyui-impact-pack'] },
  { kind: 'name', query: 'ComfyUI-Manager', top3: ['manager'] },
  { kind: 'name', query: 'rgthree', top3: ['rgthree'] },
  { kind: 'name', query: 'was node suite', top3: ['was-ns'] },
  { kind: 'name', query: 'efficiency nodes', top3: ['eff-nodes'] },
  { kind: 'name', query: 'controlnet aux', top3: ['comfyui_controlnet_aux'] },
  { kind: 'name', query: 'animatediff evolved', top3: ['ad-evolved'] },
  { kind: 'name', query: 'video helper suite', top3: ['vhs'] },
  { kind: 'name', query: 'kjnodes', top3: ['kjnodes'] },
  { kind: 'name', query: 'comfyui essentials', top3: ['essentials'] },
  { kind: 'name', query: 'ultimate sd upscale', top3: ['usdu'] },
  { kind: 'name', query: 'custom scripts', top3: ['comfyui-custom-scripts'] },
  { kind: 'name', query: 'wanvideo wrapper', top3: ['ComfyUI-WanVideoWrapper'] },
  { kind: 'name', query: 'gguf', top3: ['comfyui-gguf'] },
  { kind: 'name', query: 'crystools', top3: ['crytools'] },
  { kind: 'name', query: 'inspire pack', top3: ['inspire'] },
  { kind: 'name', query: 'tinyterra', top3: ['ttn'] },
  { kind: 'name', query: 'segment anything', top3: ['segment-anything-2', 'sam'] },
  { kind: 'name', query: 'reactor', top3: ['ComfyUI-ReActor'] },
  { kind: 'name', query: 'florence2', top3: ['florence2-kijai'] },
  { kind: 'name', query: 'comfyroll', top3: ['comfyroll'] },
  { kind: 'name', query: 'easy use', top3: ['ComfyUI-Easy-Use'] },
  { kind: 'name', query: 'layer style', top3: ['layerstyle'] },
  { kind: 'name', query: 'instantid', top3: ['instantid'] },
  { kind: 'name', query: 'pulid', top3: ['pulid'] },
  // The same pack, however it is written.
  { kind: 'spelling', query: 'ipadapter', top3: ['ipadapter'] },
  { kind: 'spelling', query: 'IP-Adapter', top3: ['ipadapter'] },
  { kind: 'spelling', query: 'IPAdapter plus', top3: ['ipadapter'] },
  { kind: 'spelling', query: 'ip adapter', top3: ['ipadapter'] },
  { kind: 'spelling', query: 'comfyui_ipadapter_plus', top3: ['ipadapter'] },
  { kind: 'spelling', query: 'ComfyUI-Impact-Pack', top3: ['comfyui-impact-pack'] },
  { kind: 'spelling', query: 'VIDEOHELPERSUITE', top3: ['vhs'] },
  { kind: 'spelling', query: 'impactpack', top3: ['comfyui-impact-pack'] },
  { kind: 'spelling', query: 'animatediffevolved', top3: ['ad-evolved'] },
  { kind: 'spelling', query: 'efficiencynodes', top3: ['eff-nodes'] },
  { kind: 'spelling', query: 'schrödinger', top3: ['comfyui-nvidia-audio-diffusion'] },
  { kind: 'spelling', query: 'SCHRODINGER', top3: ['comfyui-nvidia-audio-diffusion'] },
  { kind: 'spelling', query: 'bezier mask', top3: ['ComfyUI-AnimatedMaskEditor'] },
  // Misspellings.
  { kind: 'misspelling', query: 'impakt pack', top3: ['comfyui-impact-pack'] },
  { kind: 'misspelling', query: 'ipadaptr', top3: ['ipadapter'] },
  { kind: 'misspelling', query: 'contrlnet aux', top3: ['comfyui_controlnet_aux'] },
  { kind: 'misspelling', query: 'animatdiff evolved', top3: ['ad-evolved'] },
  { kind: 'misspelling', query: 'efficency nodes', top3: ['eff-nodes'] },
  { kind: 'misspelling', query: 'rgthre', top3: ['rgthree'] },
  { kind: 'misspelling', query: 'crystols', top3: ['crytools'] },
  { kind: 'misspelling', query: 'vidoe helper suite', top3: ['vhs'] },
  { kind: 'misspelling', query: 'ultimte sd upscale', top3: ['usdu'] },
  // Node class names, as they appear in a workflow.
  { kind: 'class', query: 'KSampler (Efficient)', top3: ['eff-nodes'] },
  { kind: 'class', query: 'IPAdapterAdvanced', top3: ['ipadapter'] },
  { kind: 'class', query: 'FaceDetailer', top3: ['comfyui-impact-pack'] },
  { kind: 'class', query: 'VHS_VideoCombine', top3: ['vhs'] },
  { kind: 'class', query: 'UltimateSDUpscale', top3: ['usdu'] },
  { kind: 'class', query: 'CR Prompt Text', top3: ['comfyroll'] },
  { kind: 'class', query: 'ImageResizeKJv2', top3: ['kjnodes'] },
  // Partial words, as typed.
  { kind: 'partial', query: 'impac', top3: ['comfyui-impact-pack'] },
  { kind: 'partial', query: 'rgth', top3: ['rgthree'] },
  { kind: 'partial', query: 'ipada', top3: ['ipadapter'] },
  { kind: 'partial', query: 'crysto', top3: ['crytools'] },
  { kind: 'partial', query: 'wanvid', top3: ['ComfyUI-WanVideoWrapper'] },
  { kind: 'partial', query: 'controlnet aux prepro', top3: ['comfyui_controlnet_aux'] },
  // Other scripts.
  { kind: 'script', query: '中文版', top3: ['portrait-master-zho'] },
  { kind: 'script', query: '简体中文', top3: ['portrait-master-zho'] },
  { kind: 'script', query: '截图', top3: ['comfycup'] },
  { kind: 'script', query: '材质图', top3: ['comfycup'] },
  { kind: 'script', query: '小字体', top3: ['ComfyUI_to_webui'] },
  // Repository URLs, pasted.
  { kind: 'repository', query: 'https://github.com/ltdrdata/ComfyUI-Impact-Pack', top3: ['comfyui-impact-pack'] },
  { kind: 'repository', query: 'github.com/cubiq/ComfyUI_IPAdapter_plus', top3: ['ipadapter'] },
  { kind: 'repository', query: 'https://github.com/rgthree/rgthree-comfy.git', top3: ['rgthree'] },
  { kind: 'repository', query: 'kijai/ComfyUI-KJNodes', top3: ['kjnodes'] },
  { kind: 'repository', query: 'https://github.com/Kosinkadink/ComfyUI-VideoHelperSuite/', top3: ['vhs'] },
];
