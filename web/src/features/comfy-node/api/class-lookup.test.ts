import type { components } from '../../../api/schema.gen';
import { UNCLAIMED_PUBLISHER_ID } from '../../../lib/catalogue/unclaimed';
import { resolutionFromPack } from './class-lookup';

type Node = components['schemas']['Node'];

const pack = {
  id: 'comfyui-impact-pack',
  name: 'ComfyUI Impact Pack',
  repository: 'https://github.com/ltdrdata/ComfyUI-Impact-Pack',
  publisher: { id: 'ltdrdata', name: 'Dr.Lt.Data' },
  latest_version: { version: '8.1.0' },
} as unknown as Node;

it('turns the embedded providing pack into the answer the resolve endpoint gives', () => {
  expect(resolutionFromPack('FaceDetailer', pack)).toEqual({
    name: 'FaceDetailer',
    status: 'pack',
    pack: {
      id: 'comfyui-impact-pack',
      name: 'ComfyUI Impact Pack',
      publisher: { id: 'ltdrdata', name: 'Dr.Lt.Data' },
      latest_version: '8.1.0',
      repository: 'https://github.com/ltdrdata/ComfyUI-Impact-Pack',
      install_command: 'comfy node install comfyui-impact-pack',
      install_commands: [
        { kind: 'latest', command: 'comfy node install comfyui-impact-pack' },
        { kind: 'version', command: 'comfy node install comfyui-impact-pack@8.1.0' },
      ],
    },
  });
});

it('says unclaimed (null publisher) and no version like the endpoint does', () => {
  const unclaimed = {
    ...pack,
    publisher: { id: UNCLAIMED_PUBLISHER_ID, name: 'Unclaimed' },
    latest_version: undefined,
  } as Node;
  const answer = resolutionFromPack('FaceDetailer', unclaimed);
  expect(answer.status === 'pack' ? [answer.pack.publisher, answer.pack.latest_version] : null).toEqual([null, null]);
});
