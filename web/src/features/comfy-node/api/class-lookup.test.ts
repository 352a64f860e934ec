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
  // As the server decides them (catalogue/install-commands.ts) and every pack answer carries them.
  install_commands: [
    { kind: 'latest', command: 'comfy node install comfyui-impact-pack' },
    { kind: 'version', command: 'comfy node install comfyui-impact-pack@8.1.0' },
  ],
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
    install_commands: [{ kind: 'git', command: 'git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack' }],
  } as Node;
  const answer = resolutionFromPack('FaceDetailer', unclaimed);
  expect(answer.status === 'pack' ? [answer.pack.publisher, answer.pack.latest_version] : null).toEqual([null, null]);
  expect(answer.status === 'pack' ? answer.pack.install_command : null).toBe(
    'git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack',
  );
});
