import { describe, expect, it } from 'vitest';
import { analyzeArchive } from '../../src/engines/archive/index.js';
import { testLimits, zipFiles } from './helpers/pack.js';

const PYPROJECT = '[project]\nname = "patterns"\nversion = "1.0.0"\n';

/** A classic node class named `name` with one COMBO input built from `choices`. */
function nodeClass(name: string, extra = ''): string {
  return [
    `class ${name}:`,
    '    @classmethod',
    '    def INPUT_TYPES(cls):',
    '        return {"required": {"x": ("INT", {})}}',
    '    RETURN_TYPES = ("INT",)',
    '    FUNCTION = "run"',
    extra,
    '',
  ].join('\n');
}

async function extract(files: Record<string, string>) {
  const result = await analyzeArchive(
    zipFiles({ 'pyproject.toml': PYPROJECT, ...files }),
    { name: 'patterns', version: '1.0.0' },
    testLimits,
  );
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('extraction of the mapping patterns real packs use', () => {
  it('keeps a literal mapping that an optional helper from outside the pack re-assigns', async () => {
    const result = await extract({
      '__init__.py': [
        nodeClass('A'),
        nodeClass('B'),
        'NODE_CLASS_MAPPINGS = {"A": A, "B": B}',
        'NODE_DISPLAY_NAME_MAPPINGS = {"A": "Node A"}',
        'try:',
        '    from comfy_addon_helper import register',
        '    NODE_CLASS_MAPPINGS, NODE_DISPLAY_NAME_MAPPINGS = register(NODE_CLASS_MAPPINGS, NODE_DISPLAY_NAME_MAPPINGS)',
        'except ImportError:',
        '    pass',
      ].join('\n'),
    });
    expect(result.comfyNodes.map((n) => [n.name, n.displayName])).toEqual([
      ['A', 'Node A'],
      ['B', 'B'],
    ]);
  });

  it("reads keys built with '{} ({})'.format(...)", async () => {
    const result = await extract({
      '__init__.py': [
        nodeClass('Blur'),
        'SUFFIX = "Pack"',
        'NODE_CLASS_MAPPINGS = {"{} ({})".format("Blur", SUFFIX): Blur, "{0}-{name}".format("x", name="y"): Blur}',
      ].join('\n'),
    });
    expect(result.comfyNodes.map((n) => n.name)).toEqual(['Blur (Pack)', 'x-y']);
  });

  it("follows an importlib loader that collects each module's __nodes__ list", async () => {
    const result = await extract({
      '__init__.py': [
        'import importlib, os',
        'NODE_CLASS_MAPPINGS = {}',
        'for file in os.listdir(os.path.join(os.path.dirname(__file__), "nodes")):',
        '    module = importlib.import_module(f".nodes.{file[:-3]}", __name__)',
        '    for cls in module.__nodes__:',
        '        NODE_CLASS_MAPPINGS[cls.__name__] = cls',
      ].join('\n'),
      'nodes/__init__.py': '',
      'nodes/first.py': `${nodeClass('First')}${nodeClass('Helper')}__nodes__ = [First]\n`,
      'nodes/second.py': `${nodeClass('Second')}__nodes__ = [Second]\n`,
    });
    expect(result.comfyNodes.map((n) => n.name).sort()).toEqual(['First', 'Second']);
  });

  it('follows importlib.import_module with a known relative name', async () => {
    const result = await extract({
      '__init__.py': [
        'import importlib',
        'NODE_CLASS_MAPPINGS = {}',
        'for name in ["one", "two"]:',
        '    mod = importlib.import_module(f".impl.{name}", package=__name__)',
        '    NODE_CLASS_MAPPINGS.update(mod.NODE_CLASS_MAPPINGS)',
      ].join('\n'),
      'impl/__init__.py': '',
      'impl/one.py': `${nodeClass('One')}NODE_CLASS_MAPPINGS = {"One": One}\n`,
      'impl/two.py': `${nodeClass('Two')}NODE_CLASS_MAPPINGS = {"Two": Two}\n`,
    });
    expect(result.comfyNodes.map((n) => n.name)).toEqual(['One', 'Two']);
  });

  it('keeps a class that a later star import through a sys.path folder would re-bind', async () => {
    const result = await extract({
      '__init__.py': [
        'import os, sys',
        'sys.path.append(os.path.join(os.path.dirname(__file__), "lib"))',
        'from .nodes import Sharpen',
        'from helpers import *',
        'NODE_CLASS_MAPPINGS = {"Sharpen": Sharpen, "Tint": Tint}',
      ].join('\n'),
      'nodes.py': nodeClass('Sharpen'),
      'lib/helpers.py': `from comfy_shared import Sharpen\n${nodeClass('Tint')}`,
    });
    expect(result.comfyNodes.map((n) => [n.name, n.sourceFile])).toEqual([
      ['Sharpen', 'nodes.py'],
      ['Tint', 'lib/helpers.py'],
    ]);
  });

  it('reads classes a loader from another package collects from a folder of the pack, by their NAME', async () => {
    const result = await extract({
      '__init__.py': [
        'from cozy_loader import loader',
        'NODE_CLASS_MAPPINGS, NODE_DISPLAY_NAME_MAPPINGS = loader(ROOT, "PACK", "core", "Pack")',
      ].join('\n'),
      'core/__init__.py': '',
      'core/blur.py': [
        'from cozy_loader import BaseNode',
        'class BlurNode(BaseNode):',
        '    NAME = "BLUR (PACK)"',
        '    CATEGORY = "PACK"',
        'class NotANode:',
        '    NAME = "helper"',
      ].join('\n'),
    });
    expect(result.comfyNodes.map((n) => n.name)).toEqual(['BLUR (PACK)']);
  });
});

describe('field values', () => {
  it('keeps unreadable parts of a choice list visible, reads str subclasses and io.Custom(io_type=...)', async () => {
    const result = await extract({
      '__init__.py': [
        'import os',
        'from comfy_api.latest import io',
        'class AnyType(str):',
        '    def __ne__(self, other):',
        '        return False',
        'any_type = AnyType("*")',
        'class Pick:',
        '    @classmethod',
        '    def INPUT_TYPES(cls):',
        '        files = ["none"]',
        '        files += os.listdir("models")',
        '        return {"required": {"file": (files,), "value": (any_type,)}}',
        '    RETURN_TYPES = (any_type,)',
        '    FUNCTION = "run"',
        'class Schema(io.ComfyNode):',
        '    @classmethod',
        '    def define_schema(cls):',
        '        return io.Schema(node_id="SchemaNode", inputs=[io.Custom(io_type="LATENT_PAIR").Input("pair")], outputs=[])',
        'NODE_CLASS_MAPPINGS = {"Pick": Pick, "SchemaNode": Schema}',
      ].join('\n'),
    });
    const [pick, schema] = result.comfyNodes;
    expect(JSON.parse(pick?.inputTypes ?? '{}')).toEqual({
      required: { file: [['none', '<dynamic: os.listdir("models")>']], value: ['*'] },
    });
    expect(pick?.returnTypes).toBe('["*"]');
    expect(JSON.parse(schema?.inputTypes ?? '{}')).toEqual({ required: { pair: ['LATENT_PAIR', {}] } });
  });
});

describe('subclasses of ComfyUI classes', () => {
  // The shape of comfyui-art-venture's Fooocus samplers and of preview nodes built on SaveImage.
  it('inherit the inputs, outputs and function of the ComfyUI class, and extend its inputs', async () => {
    const result = await extract({
      '__init__.py': [
        'import nodes',
        'from nodes import KSampler, EmptyLatentImage',
        'class SharpSampler(KSampler):',
        '    @classmethod',
        '    def INPUT_TYPES(cls):',
        '        inputs = KSampler.INPUT_TYPES()',
        '        inputs["optional"] = {"sharpness": ("FLOAT", {"default": 2.0})}',
        '        return inputs',
        '    CATEGORY = "sharp/sampling"',
        'class Preview(nodes.SaveImage):',
        '    CATEGORY = "preview"',
        'class WideLatent(EmptyLatentImage):',
        '    @classmethod',
        '    def INPUT_TYPES(cls):',
        '        inputs = super().INPUT_TYPES()',
        '        inputs["required"]["width"] = ("INT", {"default": 2048})',
        '        return inputs',
        'NODE_CLASS_MAPPINGS = {"SharpSampler": SharpSampler, "Preview": Preview, "WideLatent": WideLatent}',
      ].join('\n'),
    });
    const [sampler, preview, latent] = result.comfyNodes;
    const samplerInputs = JSON.parse(sampler?.inputTypes ?? '{}');
    expect(Object.keys(samplerInputs.required)).toEqual([
      'model',
      'seed',
      'steps',
      'cfg',
      'sampler_name',
      'scheduler',
      'positive',
      'negative',
      'latent_image',
      'denoise',
    ]);
    expect(samplerInputs.required.sampler_name).toEqual(['<dynamic: comfy.samplers.KSampler.SAMPLERS>']);
    expect(samplerInputs.optional).toEqual({ sharpness: ['FLOAT', { default: 2 }] });
    expect(sampler).toMatchObject({ returnTypes: '["LATENT"]', function: 'sample', category: 'sharp/sampling' });
    expect(preview).toMatchObject({
      function: 'save_images',
      category: 'preview',
      outputNode: true,
      returnTypes: '[]',
    });
    expect(JSON.parse(preview?.inputTypes ?? '{}').required).toEqual({
      images: ['IMAGE'],
      filename_prefix: ['STRING', { default: 'ComfyUI' }],
    });
    // super() reads the ComfyUI class too, and a change to the copy stays in the subclass.
    const latentInputs = JSON.parse(latent?.inputTypes ?? '{}');
    expect(latentInputs.required.width).toEqual(['INT', { default: 2048 }]);
    expect(latentInputs.required.height).toEqual(['INT', { default: 512, min: 16, max: 16384, step: 8 }]);
    expect(latent).toMatchObject({ returnTypes: '["LATENT"]', function: 'generate', category: 'latent' });
  });
});

describe('V3 schema packs', () => {
  it('reads classes an async get_node_list returns from modules loaded with importlib, and classic classes it wraps', async () => {
    const result = await extract({
      '__init__.py': [
        'import importlib',
        'from comfy_api.latest import ComfyExtension',
        'modules = []',
        'for name in ["base"]:',
        '    modules.append(importlib.import_module(f".impl.nodes_{name}", package=__name__))',
        'from .impl import legacy',
        'class Ext(ComfyExtension):',
        '    async def get_node_list(self):',
        '        out = []',
        '        for m in modules:',
        '            out.extend(m.NODES)',
        '        return [*out, *wrap(legacy)]',
        'def wrap(module):',
        '    return [cls for cls in module.NODE_CLASS_MAPPINGS.values()]',
        'async def comfy_entrypoint():',
        '    return Ext()',
      ].join('\n'),
      'impl/__init__.py': '',
      'impl/nodes_base.py': [
        'from comfy_api.latest import io',
        'class Encode(io.ComfyNode):',
        '    @classmethod',
        '    def define_schema(cls):',
        '        return io.Schema(node_id="PCEncode", category="pc", inputs=[io.String.Input("text")], outputs=[io.Conditioning.Output()])',
        'NODES = [Encode]',
      ].join('\n'),
      'impl/legacy.py': `${nodeClass('OldGuidance')}NODE_CLASS_MAPPINGS = {"Old Guidance": OldGuidance}\n`,
    });
    expect(result.comfyNodes.map((n) => [n.name, n.sourceFile])).toEqual([
      ['PCEncode', 'impl/nodes_base.py'],
      ['Old Guidance', 'impl/legacy.py'],
    ]);
  });

  it('says why when nothing could be read', async () => {
    const result = await extract({ '__init__.py': 'import sys\nprint("no nodes here")\n' });
    expect(result.comfyNodes).toEqual([]);
    expect(result.extract.reason).toMatch(/^found no node definitions: /);
  });
});
