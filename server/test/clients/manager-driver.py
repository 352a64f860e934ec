"""Runs ComfyUI-Manager's own registry code (read in place from its source folder) with the
registry connector, the way ComfyUI loads both, and writes what the Manager got as JSON.

usage: manager-driver.py <manager-dir> <connector-dir> <work-dir> <layout> <order> <out.json>
layout: v3 (the v3 source, glob/ on sys.path), v4 (the v3 source in the v4 package layout), or
v4-source (the v4 source itself, comfyui_manager/ of the comfyui-manager package).
order: connector-first | manager-first (inside ComfyUI), or pth (cm-cli: the connector loaded by a
.pth file in the Python environment, as docs/clients.md describes).
The registry address comes from COMFY_REGISTRY_URL (or the connector's settings file) as for a user.
With DRIVER_CALLS=1 it makes the Manager's registry calls for the pack DRIVER_PACK (default hello),
pinning DRIVER_PINNED (default 1.0.0) and installing DRIVER_LATEST (default 1.1.0).
"""

import asyncio
import importlib.util
import json
import logging
import os
import sys
import types
import urllib.request

manager_dir, connector_dir, work_dir, layout, order, out_path = sys.argv[1:7]
logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(message)s")

# DRIVER_LOOPBACK_NAMES: host names that resolve to 127.0.0.1 in this process, what a hosts-file
# line does for a registry reached by its public name (the TLS test's nginx listens on loopback).
loopback_names = {name for name in os.environ.get("DRIVER_LOOPBACK_NAMES", "").split(",") if name}
if loopback_names:
    import socket

    _getaddrinfo = socket.getaddrinfo

    def _resolve(host, *args, **kwargs):
        return _getaddrinfo("127.0.0.1" if host in loopback_names else host, *args, **kwargs)

    socket.getaddrinfo = _resolve

# ComfyUI's folder_paths, and the two heavy modules the Manager imports only for downloads
# (huggingface_hub at import time, torchvision's download_url for archives).
custom_nodes = os.path.join(work_dir, "custom_nodes")
os.makedirs(custom_nodes, exist_ok=True)
os.environ["COMFYUI_PATH"] = work_dir
folder_paths = types.ModuleType("folder_paths")
folder_paths.get_folder_paths = lambda name: [custom_nodes] if name == "custom_nodes" else []
folder_paths.base_path = work_dir
sys.modules["folder_paths"] = folder_paths
hub = types.ModuleType("huggingface_hub")
hub.HfApi = object
sys.modules["huggingface_hub"] = hub
downloads = []


def download_url(url, root, filename):
    downloads.append(url)
    with urllib.request.urlopen(url) as response, open(os.path.join(root, filename), "wb") as target:
        target.write(response.read())


tv = types.ModuleType("torchvision")
tv_datasets = types.ModuleType("torchvision.datasets")
tv_utils = types.ModuleType("torchvision.datasets.utils")
tv_utils.download_url = download_url
sys.modules.update({"torchvision": tv, "torchvision.datasets": tv_datasets, "torchvision.datasets.utils": tv_utils})

glob_dir = os.path.join(manager_dir, "glob")
if layout != "v4-source":
    sys.path.append(glob_dir)
pack = os.environ.get("DRIVER_PACK", "hello")
pinned_version = os.environ.get("DRIVER_PINNED", "1.0.0")
latest_version = os.environ.get("DRIVER_LATEST", "1.1.0")


def run_connector(script):
    # As ComfyUI does: prestartup_script.py as a loose file, __init__.py as the folder's package.
    path = os.path.join(connector_dir, script)
    name = "comfyui_connector_prestartup" if script == "prestartup_script.py" else "comfy_registry_connector_node"
    spec = importlib.util.spec_from_file_location(
        name, path, submodule_search_locations=[connector_dir] if script == "__init__.py" else None
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def import_manager():
    import importlib

    if layout == "v4-source":
        # The package without its __init__ (that one adds ComfyUI's web routes and needs ComfyUI's
        # own modules); its registry and install code is untouched.
        package = types.ModuleType("comfyui_manager")
        package.__path__ = [os.path.join(manager_dir, "comfyui_manager")]
        sys.modules["comfyui_manager"] = package
        cnr = importlib.import_module("comfyui_manager.common.cnr_utils")
        core = importlib.import_module("comfyui_manager.glob.manager_core")
        return cnr, core
    if layout == "v4":
        # The v4 package layout (comfyui_manager.common.cnr_utils) over the same source files.
        package = types.ModuleType("comfyui_manager")
        package.__path__ = []
        common = types.ModuleType("comfyui_manager.common")
        common.__path__ = [glob_dir]
        sys.modules.update({"comfyui_manager": package, "comfyui_manager.common": common})
        cnr = importlib.import_module("comfyui_manager.common.cnr_utils")
    else:
        import cnr_utils as cnr
    import manager_core

    return cnr, manager_core


result = {"layout": layout, "order": order}
if order == "pth":
    # The documented line, processed by site as it processes site-packages at interpreter start.
    import site

    site_dir = os.path.join(work_dir, "site")
    os.makedirs(site_dir)
    with open(os.path.join(site_dir, "comfy-registry-connector.pth"), "w", encoding="utf-8") as handle:
        handle.write(
            f"import sys; sys.path.insert(0, {connector_dir!r}); import comfy_registry_connector; "
            "comfy_registry_connector.activate()\n"
        )
    site.addsitedir(site_dir)
    cnr, core = import_manager()
    node = types.SimpleNamespace(NODE_CLASS_MAPPINGS={})
elif order == "connector-first":
    run_connector("prestartup_script.py")
    cnr, core = import_manager()
    node = run_connector("__init__.py")
else:
    cnr, core = import_manager()
    node = run_connector("__init__.py")

result["node_class_mappings"] = node.NODE_CLASS_MAPPINGS
result["base_url"] = cnr.base_url
result["hooked"] = any(type(f).__name__ == "_Finder" for f in sys.meta_path)

if os.environ.get("DRIVER_CALLS") == "1":
    nodes = asyncio.run(cnr.get_cnr_data(cache_mode=False, dont_wait=False))
    result["catalogue"] = sorted(
        [{"id": n["id"], "version": n["latest_version"]["version"], "publisher": n["publisher"]["name"]} for n in nodes],
        key=lambda n: n["id"],
    )
    latest = cnr.install_node(pack)
    pinned = cnr.install_node(pack, pinned_version)
    result["install_latest"] = {"version": latest.version, "download_url": latest.download_url}
    result["install_pinned"] = {"version": pinned.version, "download_url": pinned.download_url}
    result["install_unknown"] = cnr.install_node("no-such-pack") is None
    result["versions"] = [v["version"] for v in cnr.all_versions_of_node(pack)]
    installed = core.unified_manager.cnr_install(pack, latest_version, instant_execution=True, no_deps=True)
    result["manager_install"] = {"ok": installed.result, "msg": getattr(installed, "msg", None)}
    target = os.path.join(custom_nodes, pack)
    result["installed_files"] = sorted(os.listdir(target)) if os.path.isdir(target) else []
    result["downloads"] = downloads

with open(out_path, "w", encoding="utf-8") as handle:
    json.dump(result, handle)
