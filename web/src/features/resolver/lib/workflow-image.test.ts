import { comfyPng, comfyWebp, compressedPng, xmpPacket, xmpPacketWithElement, xmpPng, xmpWebp } from './test-images';
import { embeddedWorkflow, imageKind } from './workflow-image';

const workflow = {
  nodes: [{ id: 1, type: 'Seed (rgthree)', properties: { cnr_id: 'rgthree-comfy', ver: '1.0.0' } }],
  version: 0.4,
};
const prompt = { '1': { class_type: 'Seed (rgthree)', inputs: { seed: 1 } } };

describe('workflows embedded in ComfyUI images', () => {
  it('reads the UI workflow from a PNG, else its API prompt', () => {
    expect(embeddedWorkflow(comfyPng(workflow, prompt))).toEqual({ kind: 'png', text: JSON.stringify(workflow) });
    expect(embeddedWorkflow(comfyPng(undefined, prompt))).toEqual({ kind: 'png', text: JSON.stringify(prompt) });
  });

  it("reads the workflow from a WebP's EXIF as ComfyUI writes it", () => {
    const webp = comfyWebp(workflow, prompt);
    expect(imageKind(webp)).toBe('webp');
    expect(embeddedWorkflow(webp)).toEqual({ kind: 'webp', text: JSON.stringify(workflow) });
  });

  it('answers null for what is not an image, and no text for an image without a workflow', () => {
    expect(embeddedWorkflow(new TextEncoder().encode('{"nodes": []}'))).toBeNull();
    const png = comfyPng(workflow, prompt);
    const bare = png.slice(0, 8 + 25); // signature + IHDR only
    expect(embeddedWorkflow(bare)).toEqual({ kind: 'png', text: null });
  });
});

describe('workflows in compressed PNG text and in XMP', () => {
  const noted = {
    ...workflow,
    nodes: [...workflow.nodes, { id: 2, type: 'Note', widgets_values: ['シードを固定する'] }],
  };

  it('reads zTXt chunks, as Pillow writes text with zip=True', () => {
    const png = compressedPng([
      { key: 'prompt', value: prompt },
      { key: 'workflow', value: workflow },
    ]);
    expect(embeddedWorkflow(png)).toEqual({ kind: 'png', text: JSON.stringify(workflow) });
    expect(embeddedWorkflow(compressedPng([{ key: 'prompt', value: prompt }]))).toEqual({
      kind: 'png',
      text: JSON.stringify(prompt),
    });
  });

  it('reads compressed iTXt, as Pillow writes text outside Latin-1 with zip=True', () => {
    const png = compressedPng([
      { key: 'prompt', value: prompt },
      { key: 'workflow', value: noted },
    ]);
    const read = embeddedWorkflow(png);
    expect(read?.text).toBe(JSON.stringify(noted));
    expect(JSON.parse(read?.text ?? '{}').nodes[1].widgets_values[0]).toBe('シードを固定する');
  });

  it('gives no text for a compressed chunk that does not inflate', () => {
    const png = compressedPng([{ key: 'workflow', value: workflow }]);
    // Break the zlib stream inside the zTXt chunk (after its 8-byte head and "workflow\0\0").
    const at = 8 + 25 + 8 + 'workflow'.length + 2 + 4;
    png[at] = (png[at] as number) ^ 0xff;
    png[at + 1] = (png[at + 1] as number) ^ 0xff;
    expect(embeddedWorkflow(png)).toEqual({ kind: 'png', text: null });
  });

  it("reads a WebP's XMP packet, as an attribute or as an rdf:Alt element", () => {
    const webp = xmpWebp(xmpPacket(noted));
    expect(imageKind(webp)).toBe('webp');
    expect(embeddedWorkflow(webp)).toEqual({ kind: 'webp', text: JSON.stringify(noted) });
    expect(embeddedWorkflow(xmpWebp(xmpPacketWithElement(prompt)))).toEqual({
      kind: 'webp',
      text: JSON.stringify(prompt),
    });
  });

  it('reads the XMP packet a PNG carries under XML:com.adobe.xmp', () => {
    expect(embeddedWorkflow(xmpPng(xmpPacket(workflow)))).toEqual({ kind: 'png', text: JSON.stringify(workflow) });
  });

  it('gives no text for an XMP packet that is not XML or has no workflow', () => {
    expect(embeddedWorkflow(xmpWebp('<x:xmpmeta'))).toEqual({ kind: 'webp', text: null });
    expect(embeddedWorkflow(xmpWebp('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>'))).toEqual({ kind: 'webp', text: null });
  });
});
