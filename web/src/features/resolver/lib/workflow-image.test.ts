import { comfyPng, comfyWebp } from './test-images';
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
