"""Runs ComfyUI-Manager v4's own code (the `comfyui_manager` package, read in place from its source
folder) against a registry and asks it to install packs, the way its UI and cm-cli do
(`UnifiedManager.reload`, then `install_by_id` with no version: the registry's latest version, or
the nightly git clone for a pack without `latest_version`). Writes what happened as JSON.

usage: manager-v4-installs.py <manager-v4-dir> <work-dir> <registry-url> <out.json> <pack-id>...
"""

import asyncio
import json
import os
import sys
import types
import urllib.request

manager_dir, work_dir, registry, out_path = sys.argv[1:5]
pack_ids = sys.argv[5:]

# ComfyUI's folder_paths, with the Manager's user folder inside the work folder (never in its source).
custom_nodes = os.path.join(work_dir, "custom_nodes")
os.makedirs(custom_nodes, exist_ok=True)
os.environ["COMFYUI_PATH"] = work_dir
folder_paths = types.ModuleType("folder_paths")
folder_paths.get_folder_paths = lambda name: [custom_nodes] if name == "custom_nodes" else []
folder_paths.get_system_user_directory = lambda name: os.path.join(work_dir, "user", "__" + name)
folder_paths.base_path = work_dir
sys.modules["folder_paths"] = folder_paths
# The two heavy modules imported only for model and archive downloads.
hub = types.ModuleType("huggingface_hub")
hub.HfApi = object
sys.modules["huggingface_hub"] = hub
downloads = []


def download_url(url, root, filename):
    downloads.append(url)
    with urllib.request.urlopen(url) as response, open(os.path.join(root, filename), "wb") as target:
        target.write(response.read())


tv_utils = types.ModuleType("torchvision.datasets.utils")
tv_utils.download_url = download_url
sys.modules.update(
    {
        "torchvision": types.ModuleType("torchvision"),
        "torchvision.datasets": types.ModuleType("torchvision.datasets"),
        "torchvision.datasets.utils": tv_utils,
    }
)

# The package's own __init__ wires it into a running ComfyUI server; its submodules are what
# ComfyUI and cm-cli call, so the package is entered without it.
package = types.ModuleType("comfyui_manager")
package.__path__ = [os.path.join(manager_dir, "comfyui_manager")]
sys.modules["comfyui_manager"] = package

import importlib  # noqa: E402

cnr_utils = importlib.import_module("comfyui_manager.common.cnr_utils")
manager_util = importlib.import_module("comfyui_manager.common.manager_util")
core = importlib.import_module("comfyui_manager.glob.manager_core")

cnr_utils.base_url = registry

# The Manager's own list (custom-node-list.json of its default channel) as an empty cached copy:
# the packs here are only in the registry, which is the case the nightly fallback is about.
channel_url = core.normalize_channel("default")
list_uri = channel_url + "/custom-node-list.json"
cache_file = os.path.join(manager_util.cache_dir, str(manager_util.simple_hash(list_uri)) + "_custom-node-list.json")
os.makedirs(manager_util.cache_dir, exist_ok=True)
with open(cache_file, "w", encoding="utf-8") as handle:
    json.dump({"custom_nodes": []}, handle)


async def main():
    manager = core.unified_manager
    await manager.reload("remote", dont_wait=False)
    result = {
        "catalogue": {
            node_id: {
                "latest": entry["latest_version"]["version"],
                "repository": entry.get("repository", ""),
            }
            for node_id, entry in sorted(manager.cnr_map.items())
        },
        "installs": {},
    }
    for pack_id in pack_ids:
        spec = pack_id.split("@")
        outcome = await manager.install_by_id(
            spec[0], spec[1] if len(spec) > 1 else None, instant_execution=True, no_deps=True
        )
        target = os.path.join(custom_nodes, spec[0])
        result["installs"][pack_id] = {
            "ok": bool(outcome.result),
            "msg": getattr(outcome, "msg", None),
            "files": sorted(os.listdir(target)) if os.path.isdir(target) else [],
        }
    result["downloads"] = downloads
    return result


result = asyncio.run(main())
with open(out_path, "w", encoding="utf-8") as handle:
    json.dump(result, handle)
